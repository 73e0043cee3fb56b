import type { QueryRunner, TableColumnOptions } from 'typeorm';

/** True when the migration runs on SQLite (standalone), false on MySQL/MariaDB (cluster). */
export function isSqlite(runner: QueryRunner): boolean {
  const type = runner.connection.options.type;
  return type === 'better-sqlite3' || type === 'sqlite';
}

/**
 * A 64-bit auto-increment primary key that works on both engines: SQLite only auto-increments
 * an `INTEGER PRIMARY KEY` (which is 64-bit there), MySQL wants `BIGINT AUTO_INCREMENT`.
 */
export function autoIncrementId(runner: QueryRunner, name = 'id'): TableColumnOptions {
  return {
    name,
    type: isSqlite(runner) ? 'integer' : 'bigint',
    isPrimary: true,
    isGenerated: true,
    generationStrategy: 'increment',
  };
}

/** A column for `new Table({ columns })`: name, type and any other options. */
export function col(name: string, type: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return { name, type, ...extra };
}

/** A varchar column with a default (the empty string unless given). */
export function text(name: string, length: number, fallback = "''"): TableColumnOptions {
  return col(name, 'varchar', { length: String(length), default: fallback });
}

/** A varchar column the code always fills (no default). */
export function requiredText(name: string, length: number): TableColumnOptions {
  return col(name, 'varchar', { length: String(length) });
}
