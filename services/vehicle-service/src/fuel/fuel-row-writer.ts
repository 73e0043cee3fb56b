import { IdempotentRowWriter, inKeyOrder, type RowValue } from '@openfleet/storage';
import type { DataSource } from 'typeorm';

// SQLite binds at most 32,766 parameters a statement; MySQL takes these many rows comfortably.
const SQLITE_MAX_PARAMETERS = 32_000;
const MYSQL_CHUNK_ROWS = 1000;

/** Columns of fuel_day and fuel_trip after their key, in the order `tallyValues` gives them. */
export const TALLY_COLUMNS = ['plate_code', 'company_id', 'company_path', 'fleet_path', 'first_l', 'last_l', 'refuelled_l', 'loss_l', 'distance_km', 'can_first_l', 'can_last_l', 'ended_at'];

/**
 * The ledger's bulk writes in plain multi-row SQL on both engines: the curve (insert, existing
 * points skipped), day and trip tallies and vehicle states (insert or replace the columns), each in
 * key order. The repository's builders spent most of the ledger's CPU on parameter bookkeeping
 * (bench:fuel).
 */
export class FuelRowWriter {
  private readonly sqlite: boolean;
  private readonly curve: IdempotentRowWriter;

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.curve = new IdempotentRowWriter(dataSource, { table: 'fuel_level', columns: ['vehicle_id', 'at', 'litres'], chunkRows: MYSQL_CHUNK_ROWS, bulkLoad: 'off' });
  }

  async curvePoints(rows: RowValue[][]): Promise<void> {
    await this.curve.write(inKeyOrder(rows, 2));
  }

  /**
   * Inserts rows, or replaces every non-key column of the row with the same key. In key order (the
   * curve too): the members of the group write these tables at once, and rows in GNSS order
   * deadlocked (cluster-n logged the ledger's retries).
   */
  async upsert(table: string, keys: readonly string[], columns: readonly string[], unordered: RowValue[][]): Promise<void> {
    if (!unordered.length) return;
    const rows = inKeyOrder(unordered, keys.length);
    const all = [...keys, ...columns];
    const update = this.sqlite ? `ON CONFLICT(${keys.join(',')}) DO UPDATE SET ${columns.map((c) => `${c}=excluded.${c}`).join(',')}` : `ON DUPLICATE KEY UPDATE ${columns.map((c) => `${c}=VALUES(${c})`).join(',')}`;
    const chunkRows = this.sqlite ? Math.floor(SQLITE_MAX_PARAMETERS / all.length) : MYSQL_CHUNK_ROWS;
    const tuple = `(${all.map(() => '?').join(',')})`;
    for (let start = 0; start < rows.length; start += chunkRows) {
      const chunk = rows.slice(start, start + chunkRows);
      await this.dataSource.query(`INSERT INTO ${table} (${all.join(',')}) VALUES ${new Array<string>(chunk.length).fill(tuple).join(',')} ${update}`, chunk.flat());
    }
  }
}
