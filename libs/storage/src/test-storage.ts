import { createConnection } from 'mysql2/promise';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Storage settings of one integration test run: a fresh SQLite directory, or a fresh schema prefix
 * on the MariaDB of `scripts/infra` (MYSQL_* override the local defaults). Test helpers only.
 */
export function testStorageEnv(engine: 'sqlite' | 'mysql', name: string): NodeJS.ProcessEnv {
  return {
    DB_ENGINE: engine,
    DATA_DIR: mkdtempSync(join(tmpdir(), `openfleet-${name}-`)),
    MYSQL_HOST: process.env.MYSQL_HOST ?? '127.0.0.1',
    MYSQL_PORT: process.env.MYSQL_PORT ?? '3306',
    MYSQL_USER: process.env.MYSQL_USER ?? 'root',
    MYSQL_PASSWORD: process.env.MYSQL_PASSWORD ?? '',
    MYSQL_DATABASE_PREFIX: `openfleet_${name}_test_${process.pid}_${Date.now() % 1_000_000}_`,
  };
}

/** Drops the MariaDB schema a test run created for `service` (nothing to do on SQLite). */
export async function dropTestSchema(env: NodeJS.ProcessEnv, service: string): Promise<void> {
  if (env.DB_ENGINE !== 'mysql') return;
  const connection = await createConnection({ host: env.MYSQL_HOST, port: Number(env.MYSQL_PORT), user: env.MYSQL_USER, password: env.MYSQL_PASSWORD });
  await connection.query(`DROP DATABASE IF EXISTS \`${env.MYSQL_DATABASE_PREFIX}${service}\``);
  await connection.end();
}

/**
 * Runs `during` with `table` renamed away, then renames it back: every statement on it fails
 * meanwhile, as with a database away for a moment. For tests of what a failed write leaves behind.
 */
export async function withTableAway(dataSource: { query(sql: string): Promise<unknown> }, table: string, during: () => Promise<void>): Promise<void> {
  await dataSource.query(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    await during();
  } finally {
    await dataSource.query(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}
