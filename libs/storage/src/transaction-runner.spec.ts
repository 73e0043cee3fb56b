// The serial path of TransactionRunner on a real better-sqlite3 DataSource (in memory): concurrent
// runs never overlap, a failed one rolls back and does not block the next, runners on one DataSource
// share its queue, and a run inside a run nests instead of waiting for itself.
import { DataSource } from 'typeorm';
import { TransactionRunner } from './transaction-runner';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('TransactionRunner on better-sqlite3', () => {
  let dataSource: DataSource;
  const rows = async () => (await dataSource.query('SELECT name FROM probe ORDER BY id')).map((row: { name: string }) => row.name);

  beforeEach(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await dataSource.query('CREATE TABLE probe (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)');
  });

  afterEach(() => dataSource.destroy());

  /** A transaction of several statements with pauses between them, recording when it starts and ends. */
  const work = (name: string, trace: string[]) => async (manager: import('typeorm').EntityManager) => {
    trace.push(`${name}:start`);
    await manager.query('INSERT INTO probe (name) VALUES (?)', [`${name}1`]);
    await tick();
    await manager.query('INSERT INTO probe (name) VALUES (?)', [`${name}2`]);
    await tick();
    trace.push(`${name}:end`);
    return name;
  };

  it('runs concurrent transactions one after another, each committed whole', async () => {
    const trace: string[] = [];
    const runner = new TransactionRunner(dataSource);
    await expect(Promise.all([runner.run(work('a', trace)), runner.run(work('b', trace)), runner.run(work('c', trace))])).resolves.toEqual(['a', 'b', 'c']);
    expect(trace).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(await rows()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
  });

  it('shares one queue between the runners of one DataSource', async () => {
    const trace: string[] = [];
    await Promise.all([new TransactionRunner(dataSource).run(work('a', trace)), new TransactionRunner(dataSource).run(work('b', trace))]);
    expect(trace).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('rolls a failed transaction back and runs the next one', async () => {
    const runner = new TransactionRunner(dataSource);
    const failing = runner.run(async (manager) => {
      await manager.query("INSERT INTO probe (name) VALUES ('lost')");
      await tick();
      throw new Error('boom');
    });
    const next = runner.run(work('n', []));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('n');
    expect(await rows()).toEqual(['n1', 'n2']);
  });

  it('nests a run started inside a run (a savepoint) instead of waiting for itself', async () => {
    const runner = new TransactionRunner(dataSource);
    const result = await runner.run(async (manager) => {
      await manager.query("INSERT INTO probe (name) VALUES ('outer')");
      await expect(runner.run(async (inner) => inner.query("INSERT INTO probe (name) VALUES ('inner')").then(() => Promise.reject(new Error('inner failed'))))).rejects.toThrow('inner failed');
      return runner.run(async (inner) => inner.query("INSERT INTO probe (name) VALUES ('kept')").then(() => 'done'));
    });
    expect(result).toBe('done');
    expect(await rows()).toEqual(['outer', 'kept']);
  });

  it('is needed: two plain TypeORM transactions at once on the one connection collide', async () => {
    const outcomes = await Promise.allSettled([dataSource.transaction(work('a', [])), dataSource.transaction(work('b', []))]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok')).join(' ')).toMatch(/cannot start a transaction within a transaction/);
  });

  it('waits for a transaction TypeORM opened by itself (a repository save) instead of starting inside it', async () => {
    const runner = new TransactionRunner(dataSource);
    // What Repository.save does (EntityPersistExecutor): a transaction of its own unless one is active
    // on the DataSource's one shared query runner, then its statements, then commit.
    const save = async (name: string) => {
      const queryRunner = dataSource.createQueryRunner();
      const own = !queryRunner.isTransactionActive;
      if (own) await queryRunner.startTransaction();
      await queryRunner.query('INSERT INTO probe (name) VALUES (?)', [name]);
      await tick();
      if (own) await queryRunner.commitTransaction();
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? save(`s${i}`) : runner.run(work(`r${i}-`, [])))));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
    expect(await rows()).toHaveLength(30);
  });
});
