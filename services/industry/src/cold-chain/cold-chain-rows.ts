import type { RowValue } from '@openfleet/storage';
import type { DataSource } from 'typeorm';

// SQLite binds at most 32,766 parameters a statement; MySQL takes these many rows comfortably.
const SQLITE_MAX_PARAMETERS = 32_000;
const MYSQL_CHUNK_ROWS = 1000;

/** The consumer's bulk writes in plain multi-row SQL on both engines (one statement per chunk, not one per row). */
export class ColdChainRowWriter {
  private readonly sqlite: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  /** Inserts rows; a row whose key exists is left as it is (a replayed sample). */
  async insertNew(table: string, columns: readonly string[], rows: RowValue[][]): Promise<void> {
    await this.write(table, columns, rows, this.sqlite ? 'ON CONFLICT DO NOTHING' : '', this.sqlite ? 'INSERT' : 'INSERT IGNORE');
  }

  /** Inserts rows, or replaces the `update` columns of the row with the same key (`keys` is that unique key). */
  async upsert(table: string, keys: readonly string[], columns: readonly string[], rows: RowValue[][], update: readonly string[] = columns.filter((c) => !keys.includes(c))): Promise<void> {
    const clause = this.sqlite
      ? `ON CONFLICT(${keys.join(',')}) DO UPDATE SET ${update.map((c) => `${c}=excluded.${c}`).join(',')}`
      : `ON DUPLICATE KEY UPDATE ${update.map((c) => `${c}=VALUES(${c})`).join(',')}`;
    await this.write(table, columns, rows, clause);
  }

  /** Excursions by event key: a start inserts, an end fills ended_at and the extreme; an end is never undone by a start. */
  async excursions(columns: readonly string[], rows: RowValue[][]): Promise<void> {
    const clause = this.sqlite
      ? 'ON CONFLICT(event_key) DO UPDATE SET ended_at=COALESCE(excluded.ended_at, cold_chain_excursion.ended_at), extreme=excluded.extreme, probe=excluded.probe'
      : 'ON DUPLICATE KEY UPDATE ended_at=COALESCE(VALUES(ended_at), ended_at), extreme=VALUES(extreme), probe=VALUES(probe)';
    await this.write('cold_chain_excursion', columns, rows, clause);
  }

  private async write(table: string, columns: readonly string[], rows: RowValue[][], clause: string, verb = 'INSERT'): Promise<void> {
    if (!rows.length) return;
    const chunkRows = this.sqlite ? Math.floor(SQLITE_MAX_PARAMETERS / columns.length) : MYSQL_CHUNK_ROWS;
    const tuple = `(${columns.map(() => '?').join(',')})`;
    for (let start = 0; start < rows.length; start += chunkRows) {
      const chunk = rows.slice(start, start + chunkRows);
      await this.dataSource.query(`${verb} INTO ${table} (${columns.join(',')}) VALUES ${new Array<string>(chunk.length).fill(tuple).join(',')} ${clause}`, chunk.flat());
    }
  }
}
