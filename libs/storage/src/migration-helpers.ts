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
