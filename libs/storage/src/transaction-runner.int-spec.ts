// The MySQL path of TransactionRunner on the real MariaDB: transactions run concurrently on the pool
// (not queued as on SQLite) and READ COMMITTED (a row another transaction committed meanwhile is seen).
import type { DataSource } from 'typeorm';
import { dropTestSchema, openDataSource, testStorageEnv, TransactionRunner, type StorageConfig } from './index';

jest.setTimeout(30_000);

describe('TransactionRunner on MariaDB', () => {
  const env = testStorageEnv('mysql', 'runner');
  const config: StorageConfig = { engine: 'mysql', host: env.MYSQL_HOST!, port: Number(env.MYSQL_PORT), user: env.MYSQL_USER!, password: env.MYSQL_PASSWORD!, databasePrefix: env.MYSQL_DATABASE_PREFIX! };
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openDataSource('runner', config, { entities: [], migrations: [] });
    await dataSource.query('CREATE TABLE probe (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20) NOT NULL) ENGINE=InnoDB');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropTestSchema(env, 'runner');
  });

  it('runs two transactions at once, READ COMMITTED', async () => {
    const runner = new TransactionRunner(dataSource);
    let release!: () => void;
    const bothIn = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const seen: number[] = [];
    const first = runner.run(async (manager) => {
      await manager.query("INSERT INTO probe (name) VALUES ('first')");
      if (++started === 2) release();
      // Queued runs would never get here: the second waits for the first to end.
      await bothIn;
      seen.push(Number((await manager.query('SELECT COUNT(*) AS n FROM probe'))[0].n));
      return 'first';
    });
    const second = runner.run(async (manager) => {
      // The first has read nothing yet: under REPEATABLE READ its snapshot would start at its first read.
      await manager.query("INSERT INTO probe (name) VALUES ('second')");
      if (++started === 2) release();
      await bothIn;
      return 'second';
    });
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
    expect(seen).toHaveLength(1);

    // READ COMMITTED: a read after another transaction committed sees its row.
    const counts = await runner.run(async (manager) => {
      const before = Number((await manager.query('SELECT COUNT(*) AS n FROM probe'))[0].n);
      await dataSource.query("INSERT INTO probe (name) VALUES ('outside')");
      const after = Number((await manager.query('SELECT COUNT(*) AS n FROM probe'))[0].n);
      return [before, after];
    });
    expect(counts).toEqual([2, 3]);
  });
});
