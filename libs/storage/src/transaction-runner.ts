import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** The tail of each SQLite DataSource's queue: every runner on one DataSource shares it. */
const queues = new WeakMap<DataSource, Promise<unknown>>();
/** The DataSources whose serial transaction the current async context runs in. */
const inside = new AsyncLocalStorage<ReadonlySet<DataSource>>();

/**
 * Write transactions of one DataSource. better-sqlite3 (standalone) has one connection per
 * DataSource, so two transactions started at once would both send BEGIN ("cannot start a transaction
 * within a transaction") or commit each other's statements: they run one after another, queued per
 * DataSource (each service has its own SQLite file and DataSource). MySQL transactions run
 * concurrently on the pool, READ COMMITTED unless told otherwise.
 */
export class TransactionRunner {
  private readonly serial: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.serial = dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>, isolation: IsolationLevel = 'READ COMMITTED'): Promise<T> {
    // READ COMMITTED: concurrent ingest transactions upsert neighbouring keys; under REPEATABLE READ
    // their gap locks made them wait on one another.
    if (!this.serial) return this.dataSource.transaction(isolation, work);
    const held = inside.getStore();
    // A transaction opened inside one of this DataSource's runs nests (a savepoint): queueing it
    // behind the run that waits for it would never end.
    if (held?.has(this.dataSource)) return this.dataSource.transaction(work);
    const within = new Set(held ?? []).add(this.dataSource);
    const result = (queues.get(this.dataSource) ?? Promise.resolve())
      .then(async () => {
        await untilNoTransaction(this.dataSource);
        // No await between the check and the start: TypeORM marks the transaction active synchronously.
        return inside.run(within, () => this.dataSource.transaction(work));
      });
    queues.set(this.dataSource, result.catch(() => undefined));
    return result;
  }
}

/**
 * Resolves when the DataSource's one shared connection has no transaction open. A repository
 * `save()` opens one of its own on that connection, outside any queue; starting ours then would send
 * a second BEGIN. The caller starts its transaction in the same continuation, so nothing slips between.
 */
async function untilNoTransaction(dataSource: DataSource): Promise<void> {
  const shared = (dataSource.driver as { queryRunner?: { isTransactionActive: boolean } }).queryRunner;
  while (shared?.isTransactionActive) await new Promise((resolve) => setImmediate(resolve));
}
