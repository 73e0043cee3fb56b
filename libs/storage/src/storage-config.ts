/** Where a service's tables live: one SQLite file per service (standalone) or one MySQL schema per service (cluster). */
export type StorageConfig =
  | { engine: 'sqlite'; directory: string }
  | {
      engine: 'mysql';
      host: string;
      port: number;
      user: string;
      password: string;
      /** Schema name = prefix + service name, e.g. `openfleet_tracking`. */
      databasePrefix: string;
      connectionLimit?: number;
    };

export function databaseNameFor(config: StorageConfig, service: string): string {
  const safe = service.replace(/[^a-z0-9_]/gi, '_');
  return config.engine === 'mysql' ? `${config.databasePrefix}${safe}` : `${safe}.sqlite`;
}
