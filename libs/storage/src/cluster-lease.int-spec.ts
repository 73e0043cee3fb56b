// ClusterLease and PeriodicSweep on the real engines: two replicas (two DataSources, two holders)
// sweep one database; every due item is handled exactly once, the leader keeps the lease tick after
// tick, a dead leader is replaced once its ttl has passed, a stopped one at once, and a daily job
// runs once per day.
import type { DataSource } from 'typeorm';
import { ClusterLease, DailyPartitions, dropTestSchema, initialPartitionClause, openDataSource, PeriodicSweep, testStorageEnv, type StorageConfig } from './index';

jest.setTimeout(60_000);

const TTL = 30_000;

function configOf(env: NodeJS.ProcessEnv): StorageConfig {
  return env.DB_ENGINE === 'sqlite'
    ? { engine: 'sqlite', directory: env.DATA_DIR! }
    : { engine: 'mysql', host: env.MYSQL_HOST!, port: Number(env.MYSQL_PORT), user: env.MYSQL_USER!, password: env.MYSQL_PASSWORD!, databasePrefix: env.MYSQL_DATABASE_PREFIX! };
}

describe.each(['sqlite', 'mysql'] as const)('cluster lease on %s', (engine) => {
  const env = testStorageEnv(engine, 'lease');
  const config = configOf(env);
  let replicaA: DataSource;
  let replicaB: DataSource;
  let now = 1_800_000_000_000;
  const clock = () => now;

  beforeAll(async () => {
    replicaA = await openDataSource('lease', config, { entities: [], migrations: [] });
    replicaB = await openDataSource('lease', config, { entities: [], migrations: [] });
    await replicaA.query('CREATE TABLE due_item (id INT PRIMARY KEY, done INT NOT NULL DEFAULT 0)');
    await replicaA.query('CREATE TABLE handled (item_id INT NOT NULL, holder VARCHAR(80) NOT NULL)');
  });

  afterAll(async () => {
    await replicaA?.destroy();
    await replicaB?.destroy();
    await dropTestSchema(env, 'lease');
  });

  /** A sweep that would handle an item twice if two replicas ran it at once: read, pause, write. */
  const sweepOf = (dataSource: DataSource, holder: string) => async () => {
    const due: { id: number }[] = await dataSource.query('SELECT id FROM due_item WHERE done = 0 ORDER BY id');
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const { id } of due) {
      await dataSource.query('INSERT INTO handled (item_id, holder) VALUES (?, ?)', [id, holder]);
      await dataSource.query('UPDATE due_item SET done = 1 WHERE id = ?', [id]);
    }
  };
  let nextItem = 1;
  const addDue = async (count: number) => {
    for (let i = 0; i < count; i++) await replicaA.query('INSERT INTO due_item (id) VALUES (?)', [nextItem++]);
  };
  const handledCounts = async () => {
    const rows: { item_id: number; n: number | string }[] = await replicaA.query('SELECT item_id, COUNT(*) AS n FROM handled GROUP BY item_id ORDER BY item_id');
    return rows.map((row) => Number(row.n));
  };
  const holdersOf = async () => (await replicaA.query('SELECT DISTINCT holder FROM handled ORDER BY holder')).map((row: { holder: string }) => row.holder);

  it('runs each tick on one replica only, the leader keeping the lease; a dead leader is replaced after the ttl', async () => {
    const leaseA = new ClusterLease(replicaA, 'replica-a', clock);
    const leaseB = new ClusterLease(replicaB, 'replica-b', clock);
    const sweepA = new PeriodicSweep(leaseA, 'due-items', { everyMs: 1000, ttlMs: TTL }, sweepOf(replicaA, 'replica-a'));
    const sweepB = new PeriodicSweep(leaseB, 'due-items', { everyMs: 1000, ttlMs: TTL }, sweepOf(replicaB, 'replica-b'));

    // A ticks first, then both tick at once, 20 times, with new items due before each tick.
    await addDue(3);
    expect(await sweepA.tick()).toBe(true);
    for (let tick = 0; tick < 20; tick++) {
      await addDue(3);
      now += 1000;
      const ran = await Promise.all([sweepA.tick(), sweepB.tick()]);
      expect(ran).toEqual([true, false]); // the leader renews its own lease; B finds it held
    }
    expect(await handledCounts()).toEqual(Array(63).fill(1));
    expect(await holdersOf()).toEqual(['replica-a']);
    expect(await leaseB.holderOf('due-items')).toBe('replica-a');

    // A dies: it stops ticking and frees nothing. B waits out the ttl, then takes over.
    await addDue(2);
    now += TTL - 1000;
    expect(await sweepB.tick()).toBe(false);
    expect((await handledCounts()).length).toBe(63);
    now += 1001;
    expect(await sweepB.tick()).toBe(true);
    expect(await handledCounts()).toEqual(Array(65).fill(1));
    expect(await leaseA.holderOf('due-items')).toBe('replica-b');

    // The old leader comes back: the lease is B's now, so A's ticks do nothing.
    await addDue(1);
    now += 1000;
    expect(await Promise.all([sweepA.tick(), sweepB.tick()])).toEqual([false, true]);
    expect(await handledCounts()).toEqual(Array(66).fill(1));

    // B stops cleanly: it frees the lease and A takes over at its next tick, without waiting.
    await sweepB.stop();
    await addDue(1);
    now += 10;
    expect(await sweepA.tick()).toBe(true);
    expect(await sweepB.tick()).toBe(false); // stopped
    expect(await handledCounts()).toEqual(Array(67).fill(1));
    await sweepA.stop();
    expect(await leaseB.holderOf('due-items')).toBe('');
  });

  it('runs a daily job once per day on one replica; a failed run is retried', async () => {
    const leaseA = new ClusterLease(replicaA, 'daily-a', clock);
    const leaseB = new ClusterLease(replicaB, 'daily-b', clock);
    const runs: string[] = [];
    const job = (who: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.push(who);
      return who;
    };
    const both = (day: string) => Promise.all([leaseA.runExclusive('daily', TTL, job('a'), { once: day }), leaseB.runExclusive('daily', TTL, job('b'), { once: day })]);

    const first = await both('2027-01-05');
    expect(first.filter((run) => run.ran)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Freed after the run, yet the day is done: neither runs it again that day.
    expect(await both('2027-01-05')).toEqual([{ ran: false }, { ran: false }]);
    expect(await leaseB.holderOf('daily')).toBe('');

    // A run that fails does not mark the day: the next attempt runs.
    await expect(leaseA.runExclusive('daily', TTL, async () => { throw new Error('database away'); }, { once: '2027-01-06' })).rejects.toThrow('database away');
    expect(await leaseB.runExclusive('daily', TTL, job('b'), { once: '2027-01-06' })).toEqual({ ran: true, value: 'b' });
    expect(runs).toHaveLength(2);
  });

  it('renews the lease while a long run goes on, and one process does not run a job twice at once', async () => {
    const realA = new ClusterLease(replicaA, 'long-a');
    const realB = new ClusterLease(replicaB, 'long-b');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const long = realA.runExclusive('long', 300, async (hold) => {
      await gate;
      return hold.lost;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await realA.runExclusive('long', 300, async () => 'twice')).toEqual({ ran: false });
    // Over two ttls later A still holds it: renewed every ttl/3.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await realB.runExclusive('long', 300, async () => 'stolen')).toEqual({ ran: false });
    release();
    expect(await long).toEqual({ ran: true, value: false });
    expect(await realB.runExclusive('long', 300, async () => 'next')).toEqual({ ran: true, value: 'next' });
  });
});

describe('daily partition maintenance by two replicas at once on mysql', () => {
  const env = testStorageEnv('mysql', 'leaseparts');
  const config = configOf(env);
  const spec = { table: 'reading', column: 'at_s', unitsPerSecond: 1 } as const;
  const DAY = 86_400_000;
  const start = Date.UTC(2027, 0, 10);
  let replicaA: DataSource;
  let replicaB: DataSource;

  beforeAll(async () => {
    replicaA = await openDataSource('parts', config, { entities: [], migrations: [] });
    replicaB = await openDataSource('parts', config, { entities: [], migrations: [] });
    await replicaA.query(`CREATE TABLE reading (id INT NOT NULL, at_s BIGINT NOT NULL, PRIMARY KEY (id, at_s)) ${initialPartitionClause(spec, start, 2)}`);
  });

  afterAll(async () => {
    await replicaA?.destroy();
    await replicaB?.destroy();
    await dropTestSchema(env, 'parts');
  });

  it('changes the partitions once: the replica that finds the lease held changes nothing and does not fail', async () => {
    const a = new DailyPartitions(replicaA, spec);
    const b = new DailyPartitions(replicaB, spec);
    // Five days later: three days to add, and with a 2-day retention the oldest days to drop.
    const plans = await Promise.all([a.maintain(start + 5 * DAY, 2, 2), b.maintain(start + 5 * DAY, 2, 2)]);
    const changed = plans.filter((plan) => plan.add.length || plan.drop.length);
    expect(changed).toHaveLength(1);
    expect(changed[0].add.length).toBeGreaterThan(0);
    expect(changed[0].drop.length).toBeGreaterThan(0);
    const names = (await a.partitions()).map((partition) => partition.name);
    expect(names).toEqual(['p_20270113', 'p_20270114', 'p_20270115', 'p_20270116', 'p_20270117', 'p_future']);
    // Freed afterwards: the next run on either replica finds nothing left to do.
    expect(await b.maintain(start + 5 * DAY, 2, 2)).toEqual({ add: [], drop: [] });
  });
});
