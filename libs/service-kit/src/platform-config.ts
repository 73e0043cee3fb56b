import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';
import type { StorageConfig } from '@openfleet/storage';
import { hostname } from 'node:os';
import { PROCESS_ENV } from './tokens';

/** Raised at start when configuration is invalid; lists every problem at once, then the process exits. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Settings every service shares. Property names are the environment variable names; defaults
 * are the standalone ones. Secrets (passwords, keys) have no defaults here.
 */
export class PlatformConfig {
  @IsIn(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
  LOG_LEVEL = 'info';

  @IsIn(['in-process', 'kafka'])
  BUS = 'in-process';

  @IsString()
  @IsNotEmpty()
  KAFKA_BROKERS = '127.0.0.1:9092';

  /** Put before every Kafka topic and consumer group name: deployments sharing one broker stay apart. */
  @Matches(/^[A-Za-z0-9._-]{0,40}$/)
  BUS_TOPIC_PREFIX = '';

  @IsIn(['sqlite', 'mysql'])
  DB_ENGINE = 'sqlite';

  @IsString()
  DATA_DIR = './data';

  @IsString()
  MYSQL_HOST = '127.0.0.1';

  @IsInt()
  @Min(1)
  @Max(65535)
  MYSQL_PORT = 3306;

  @IsString()
  MYSQL_USER = 'root';

  @IsString()
  @IsOptional()
  MYSQL_PASSWORD = '';

  @IsString()
  MYSQL_DATABASE_PREFIX = 'openfleet_';

  /** Identifies this process in logs, bus client ids and session routing. */
  @IsString()
  @IsNotEmpty()
  INSTANCE_ID = hostname();
}

/**
 * Builds and validates a config class from the environment (twenty's config-variables pattern):
 * unknown variables are ignored, numbers are converted, any invalid value fails fast.
 */
export function loadConfig<T extends object>(configClass: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new configClass() as Record<string, unknown>;
  const source: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const raw = env[key];
    if (raw === undefined || raw === '') continue;
    source[key] = typeof defaults[key] === 'number' ? Number(raw) : typeof defaults[key] === 'boolean' ? raw === 'true' : raw;
  }
  const config = plainToInstance(configClass, source);
  const problems = validateSync(config, { forbidUnknownValues: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((text) => `${error.property}=${JSON.stringify(source[error.property])}: ${text}`),
  );
  if (problems.length) throw new ConfigError(problems);
  return config;
}

export function storageConfigOf(config: PlatformConfig): StorageConfig {
  if (config.DB_ENGINE === 'sqlite') return { engine: 'sqlite', directory: config.DATA_DIR };
  return {
    engine: 'mysql',
    host: config.MYSQL_HOST,
    port: config.MYSQL_PORT,
    user: config.MYSQL_USER,
    password: config.MYSQL_PASSWORD,
    databasePrefix: config.MYSQL_DATABASE_PREFIX,
  };
}

/**
 * Provider of a service's own validated config class, read from the process environment
 * (so standalone and cluster entries need not know every service's settings).
 */
export function serviceConfigProvider<T extends object>(token: symbol | string, configClass: new () => T) {
  return { provide: token, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadConfig(configClass, env) };
}
