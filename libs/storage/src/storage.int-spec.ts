// One repository suite, two engines: SQLite through better-sqlite3 and the real MariaDB/MySQL server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, Entity, PrimaryGeneratedColumn, Table, TableIndex, type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createConnection } from 'mysql2/promise';
import { autoIncrementId, openDataSource, type StorageConfig } from './index';

@Entity('probe_reading')
class ProbeReading {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  terminal!: string;

  @Column({ type: 'bigint', name: 'gps_time' })
  gpsTime!: number;

  @Column({ type: 'int' })
  sequence!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  plate!: string | null;
}

class CreateProbeReading1700000000000 implements MigrationInterface {
  name = 'CreateProbeReading1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'probe_reading',
        columns: [
          autoIncrementId(runner),
          { name: 'terminal', type: 'varchar', length: '20' },
          { name: 'gps_time', type: 'bigint' },
          { name: 'sequence', type: 'int' },
          { name: 'plate', type: 'varchar', length: '64', isNullable: true },
        ],
      }),
    );
    await runner.createIndex(
      'probe_reading',
      new TableIndex({ name: 'uq_probe_reading', columnNames: ['terminal', 'gps_time', 'sequence'], isUnique: true }),
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('probe_reading');
  }
}

const schema = { entities: [ProbeReading], migrations: [CreateProbeReading1700000000000] };
const mysqlPrefix = `openfleet_test_${process.pid}_`;

const engines: [string, () => StorageConfig][] = [
  ['sqlite', () => ({ engine: 'sqlite', directory: mkdtempSync(join(tmpdir(), 'openfleet-storage-')) })],
  [
    'mysql',
    () => ({
      engine: 'mysql',
      host: process.env.MYSQL_HOST ?? '127.0.0.1',
      port: Number(process.env.MYSQL_PORT ?? 3306),
      user: process.env.MYSQL_USER ?? 'root',
      password: process.env.MYSQL_PASSWORD ?? '',
      databasePrefix: mysqlPrefix,
    }),
  ],
];

describe.each(engines)('storage on %s', (engine, makeConfig) => {
  const config = makeConfig();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openDataSource('probe', config, schema, { attempts: 3, retryDelayMs: 500 });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (config.engine === 'mysql') {
      const connection = await createConnection({ host: config.host, port: config.port, user: config.user, password: config.password });
      await connection.query(`DROP DATABASE IF EXISTS \`${mysqlPrefix}probe\``);
      await connection.end();
    }
  });

  it('ran the migration at start, once', async () => {
    const applied = await dataSource.query('SELECT name FROM schema_migrations');
    // The service's own, then the cluster lease table every service gets.
    expect(applied.map((row: { name: string }) => row.name)).toEqual(['CreateProbeReading1700000000000', 'CreateSweepLease1734900000000']);
    const reopened = await openDataSource('probe', config, schema);
    expect(await reopened.query('SELECT name FROM schema_migrations')).toHaveLength(2);
    await reopened.destroy();
  });

  it('writes a batch in one multi-row insert and ignores redelivered rows', async () => {
    const repository = dataSource.getRepository(ProbeReading);
    const rows = Array.from({ length: 50 }, (_, i) => ({ terminal: '013800138000', gpsTime: 1_700_000_000 + i, sequence: 0, plate: '京A12345' }));
    await repository.createQueryBuilder().insert().values(rows).orIgnore().execute();
    await repository.createQueryBuilder().insert().values(rows.slice(10, 20)).orIgnore().execute();
    expect(await repository.count()).toBe(50);
    const window = await repository
      .createQueryBuilder('reading')
      .where('reading.terminal = :terminal AND reading.gpsTime BETWEEN :from AND :to', {
        terminal: '013800138000',
        from: 1_700_000_010,
        to: 1_700_000_014,
      })
      .orderBy('reading.gpsTime', 'DESC')
      .getMany();
    expect(window.map((reading) => Number(reading.gpsTime))).toEqual([1_700_000_014, 1_700_000_013, 1_700_000_012, 1_700_000_011, 1_700_000_010]);
    expect(window[0].plate).toBe('京A12345');
  });

  it('rolls a failed transaction back completely', async () => {
    const repository = dataSource.getRepository(ProbeReading);
    const before = await repository.count();
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.insert(ProbeReading, { terminal: 'rollback', gpsTime: 1, sequence: 0, plate: null });
        await manager.insert(ProbeReading, { terminal: 'rollback', gpsTime: 1, sequence: 0, plate: null });
      }),
    ).rejects.toThrow();
    expect(await repository.count()).toBe(before);
  });

  it(`reports the ${engine} engine`, () => {
    expect(dataSource.options.type).toBe(engine === 'sqlite' ? 'better-sqlite3' : 'mysql');
  });
});
