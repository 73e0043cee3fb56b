import { escape } from 'mysql2';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from './transaction-runner';

// Idempotent batched writes of time-series rows (track points, battery reports): rows whose key
// exists are skipped, so a redelivered bus batch never duplicates. MySQL: LOAD DATA LOCAL INFILE
// (INSERT IGNORE with inlined literals when the server refuses it); SQLite: multi-row INSERTs with
// bound parameters.

export type RowValue = string | number | null;

/**
 * Rows sorted by their first `keyColumns` values (numbers by value, strings by code unit; a stable
 * sort, so rows with one key keep their order and the last still wins an upsert). Where members of
 * a group write one table at once in multi-row upserts, statements that all send their rows in one
 * order take their row locks in that order, so two do not wait on each other in a cycle (InnoDB
 * deadlocks: the fuel ledger's upserts, in GNSS order, deadlocked several times a cluster-n run).
 */
export function inKeyOrder<R extends readonly RowValue[]>(rows: R[], keyColumns: number): R[] {
  return [...rows].sort((a, b) => {
    for (let i = 0; i < keyColumns; i++) {
      const x = a[i];
      const y = b[i];
      if (x === y) continue;
      if (x === null) return -1;
      if (y === null) return 1;
      return x < y ? -1 : 1;
    }
    return 0;
  });
}

// Identifiers the platform generates (terminal phones, vehicle ids) need no escaping: quote them as they are.
const PLAIN = /^[0-9A-Za-z_.:-]*$/;

/**
 * One MySQL literal. The ingest writes thousands of rows per statement; with `?` placeholders mysql2
 * substitutes them in a regex pass over the whole statement, which took about 10 % of the ingest
 * process's CPU in a profile (sql-escaper `format`). Numbers that are not finite become NULL;
 * strings go through mysql2's own escaping unless they are plain identifiers.
 */
export function sqlLiteral(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  return PLAIN.test(value) ? `'${value}'` : escape(value);
}

/** Server errors that mean LOAD DATA LOCAL is switched off: MySQL 1148 and 3948 (MySQL 8 defaults local_infile to OFF), MariaDB 4166. */
const LOCAL_INFILE_REFUSED = new Set([1148, 3948, 4166]);

export function isLocalInfileRefused(error: unknown): boolean {
  return LOCAL_INFILE_REFUSED.has((error as { errno?: number }).errno ?? 0);
}

/** One TSV field as LOAD DATA reads it by default: NULL is \N; backslash, tab, newline are escaped. */
export function tsvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\')) : value;
}

/** One TSV line of a row's values (a plain loop: map + join allocated twice as much per row). */
export function tsvLine(values: readonly (string | number | null)[]): string {
  let line = tsvField(values[0]);
  for (let i = 1; i < values.length; i++) line += `\t${tsvField(values[i])}`;
  return line;
}

interface RawConnection {
  query(options: { sql: string; infileStreamFactory: () => Readable }, callback: (error: Error | null) => void): void;
}

/**
 * Streams rows (TSV lines) into `table` with LOAD DATA LOCAL INFILE ... IGNORE, on the connection of
 * the caller's transaction. MySQL parses this far more cheaply than the same rows as INSERT text;
 * IGNORE skips rows whose key exists, exactly like INSERT IGNORE. The stream is our buffer whatever
 * file name the server asks for, so the server can never read a local file.
 */
export async function bulkLoad(manager: EntityManager, table: string, columns: readonly string[], lines: string[]): Promise<void> {
  const connection = (manager.queryRunner as unknown as { databaseConnection?: RawConnection } | undefined)?.databaseConnection;
  if (!connection) throw new Error('bulkLoad needs a transaction with a connection');
  const sql = `LOAD DATA LOCAL INFILE 'stream' IGNORE INTO TABLE ${table} CHARACTER SET utf8mb4 (${columns.join(',')})`;
  // Pieces of at most 1,000 lines, so no piece comes near the 16 MiB protocol packet.
  const pieces: Buffer[] = [];
  for (let start = 0; start < lines.length; start += 1000) pieces.push(Buffer.from(`${lines.slice(start, start + 1000).join('\n')}\n`));
  await new Promise<void>((resolve, reject) =>
    connection.query({ sql, infileStreamFactory: () => Readable.from(pieces) }, (error) => (error ? reject(error) : resolve())),
  );
}

// SQLite allows 32766 bound parameters per statement.
const SQLITE_MAX_PARAMETERS = 32_000;

export interface RowWriterOptions {
  table: string;
  columns: readonly string[];
  /** Rows per INSERT statement on MySQL (when LOAD DATA is refused or off). */
  chunkRows: number;
  /** 'auto' tries LOAD DATA LOCAL INFILE on MySQL and falls back to INSERT for good if refused. */
  bulkLoad: 'auto' | 'off';
  /** Told once when the server refuses LOAD DATA and the writer falls back to INSERT. */
  warn?: (message: string) => void;
}

/** Writes rows (values in `columns` order) so that rows whose key already exists are skipped. */
export class IdempotentRowWriter {
  private readonly sqlite: boolean;
  private readonly chunkRows: number;
  private readonly columnList: string;
  private bulkLoad: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: RowWriterOptions,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.chunkRows = this.sqlite ? Math.min(Math.floor(SQLITE_MAX_PARAMETERS / options.columns.length), options.chunkRows) : options.chunkRows;
    this.bulkLoad = !this.sqlite && options.bulkLoad === 'auto';
    this.columnList = options.columns.join(',');
  }

  /** Writes every row (one transaction unless the caller's `manager` is given); resolves once they are durable. */
  async write(rows: readonly RowValue[][], manager?: EntityManager): Promise<void> {
    if (!rows.length) return;
    if (manager) await this.writeIn(manager, rows);
    else await new TransactionRunner(this.dataSource).run((target) => this.writeIn(target, rows));
  }

  private async writeIn(manager: EntityManager, rows: readonly RowValue[][]): Promise<void> {
    const { table, columns } = this.options;
    if (this.bulkLoad) {
      try {
        await bulkLoad(manager, table, columns, rows.map(tsvLine));
        return;
      } catch (error) {
        if (!isLocalInfileRefused(error)) throw error;
        // A refused statement leaves the transaction usable: go on with INSERTs, now and from now on.
        this.bulkLoad = false;
        this.options.warn?.(`LOAD DATA LOCAL INFILE refused (${(error as Error).message}); writing ${table} with INSERT (set local_infile=ON on the server for faster ingest)`);
      }
    }
    for (let start = 0; start < rows.length; start += this.chunkRows) {
      const chunk = rows.slice(start, start + this.chunkRows);
      if (this.sqlite) {
        const tuple = `(${columns.map(() => '?').join(',')})`;
        await manager.query(`INSERT INTO ${table} (${this.columnList}) VALUES ${new Array<string>(chunk.length).fill(tuple).join(',')} ON CONFLICT DO NOTHING`, chunk.flat());
      } else {
        await manager.query(`INSERT IGNORE INTO ${table} (${this.columnList}) VALUES ${chunk.map((row) => `(${row.map(sqlLiteral).join(',')})`).join(',')}`);
      }
    }
  }
}

/**
 * The id a raw `INSERT` gave its row, from what `DataSource.query` answered: MySQL's result header
 * (`insertId`), or SQLite's last row id. Read from the statement itself, never by selecting the
 * newest row afterwards (another insert may have come in between).
 */
export function insertedId(result: unknown): number {
  if (typeof result === 'number' || typeof result === 'bigint') return Number(result);
  const id = (result as { insertId?: unknown } | null)?.insertId;
  if (typeof id !== 'number' && typeof id !== 'bigint') throw new Error('the INSERT answered no row id');
  return Number(id);
}
