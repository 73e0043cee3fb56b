import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { createConnection } from 'mysql2/promise';
import { CreateSweepLease1734900000000 } from './cluster-lease';
import { databaseNameFor, type StorageConfig } from './storage-config';

// Entity and migration lists as TypeORM accepts them (classes or schemas).
type EntityList = MixedList<string | (new () => unknown) | EntitySchema>;
type MigrationList = MixedList<string | (new () => unknown)>;

export interface ServiceSchema {
  entities: EntityList;
  migrations: MigrationList;
}

/**
 * TypeORM options for one service. Schema changes only ever go through migrations, which run at start;
 * `synchronize` stays off in every mode.
 */
export function dataSourceOptionsFor(service: string, config: StorageConfig, schema: ServiceSchema): DataSourceOptions {
  const common = {
    name: service,
    entities: schema.entities,
    // Every service gets the cluster lease table (ClusterLease), whatever its own migrations.
    migrations: Array.isArray(schema.migrations) ? [...schema.migrations, CreateSweepLease1734900000000] : schema.migrations,
    migrationsRun: true,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: ['error', 'migration'] as ('error' | 'migration')[],
  };
  if (config.engine === 'sqlite') {
    mkdirSync(config.directory, { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: join(config.directory, databaseNameFor(config, service)),
      // WAL lets readers (history queries) run while the ingest loop writes.
      prepareDatabase: (db: { pragma(statement: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('busy_timeout = 5000');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    host: config.host,
    port: config.port,
    username: config.user,
    password: config.password,
    database: databaseNameFor(config, service),
    charset: 'utf8mb4',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    extra: { connectionLimit: config.connectionLimit ?? 10 },
  };
}

/** Creates the service's MySQL schema when it is missing (cluster mode gives each service its own schema). */
export async function ensureMysqlDatabase(config: Extract<StorageConfig, { engine: 'mysql' }>, service: string): Promise<void> {
  const connection = await createConnection({ host: config.host, port: config.port, user: config.user, password: config.password });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${databaseNameFor(config, service)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

export interface OpenOptions {
  /** Attempts while the database is not reachable yet (default 10). */
  attempts?: number;
  retryDelayMs?: number;
  onRetry?: (attempt: number, error: Error) => void;
}

/** Opens the service's DataSource, creating the MySQL schema if needed and running pending migrations. */
export async function openDataSource(
  service: string,
  config: StorageConfig,
  schema: ServiceSchema,
  options: OpenOptions = {},
): Promise<DataSource> {
  const attempts = options.attempts ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      if (config.engine === 'mysql') await ensureMysqlDatabase(config, service);
      return await new DataSource(dataSourceOptionsFor(service, config, schema)).initialize();
    } catch (error) {
      if (attempt >= attempts) throw error;
      options.onRetry?.(attempt, error as Error);
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1000));
    }
  }
}
