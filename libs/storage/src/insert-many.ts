import { In, type EntityManager, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** Rows per INSERT ... VALUES statement: a 40-column row stays well under SQLite's 32,766 parameters. */
export const INSERT_MANY_BATCH = 200;

/**
 * Inserts new rows of an entity that has a unique key, in multi-row statements, and answers them as
 * stored (ids, column defaults) in the order given. TypeORM's `save` sends one INSERT per row on
 * MySQL whenever the entity has a generated or defaulted column (without RETURNING it reads those
 * back row by row); here each batch is one INSERT and one SELECT by the key. `key` names the unique
 * key's properties; the first is the one the SELECT asks for. Run it in a transaction: a batch that
 * fails leaves the earlier ones to the rollback.
 */
export async function insertMany<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  rows: QueryDeepPartialEntity<E>[],
  key: readonly [keyof E & string, ...(keyof E & string)[]],
): Promise<E[]> {
  const keyOf = (row: ObjectLiteral) => key.map((property) => String(row[property])).join('\u0000');
  const stored = new Map<string, E>();
  for (let start = 0; start < rows.length; start += INSERT_MANY_BATCH) {
    const batch = rows.slice(start, start + INSERT_MANY_BATCH);
    await manager.createQueryBuilder().insert().into(target).values(batch).updateEntity(false).execute();
    const where = { [key[0]]: In(batch.map((row) => (row as ObjectLiteral)[key[0]])) } as FindOptionsWhere<E>;
    for (const row of await manager.find(target, { where })) stored.set(keyOf(row), row);
  }
  return rows.map((row) => {
    const found = stored.get(keyOf(row as ObjectLiteral));
    if (!found) throw new Error(`insertMany: the row ${keyOf(row as ObjectLiteral)} was not read back by its key`);
    return found;
  });
}

/** Keys per `IN (...)` list of `findByKeys`: under SQLite's 32,766 parameters with room to spare. */
export const FIND_BY_KEYS_BATCH = 500;

/**
 * The rows of an entity whose `key` is one of `keys` (and that match `where`), in `IN` lists of
 * FIND_BY_KEYS_BATCH (a consumer reading again the states a failed batch touched may ask for thousands).
 */
export async function findByKeys<E extends ObjectLiteral>(repository: { findBy(where: FindOptionsWhere<E>): Promise<E[]> }, key: keyof E & string, keys: readonly unknown[], where: FindOptionsWhere<E> = {}): Promise<E[]> {
  const rows: E[] = [];
  for (let start = 0; start < keys.length; start += FIND_BY_KEYS_BATCH) {
    rows.push(...(await repository.findBy({ ...where, [key]: In(keys.slice(start, start + FIND_BY_KEYS_BATCH)) } as FindOptionsWhere<E>)));
  }
  return rows;
}
