import { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';

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
