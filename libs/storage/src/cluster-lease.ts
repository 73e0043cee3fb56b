import { randomUUID } from 'node:crypto';
import { Table, type MigrationInterface, type QueryRunner, type DataSource } from 'typeorm';

/**
 * `sweep_lease`: one row per named job of a service (in the service's own database), added to
 * every service's migrations by `dataSourceOptionsFor`, so any service can take a lease.
 */
export class CreateSweepLease1734900000000 implements MigrationInterface {
  name = 'CreateSweepLease1734900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'sweep_lease',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '80', default: "''" },
          { name: 'expires_at', type: 'bigint', default: '0' },
          // The period (a China day, say) whose run last finished: a daily job runs once per day.
          { name: 'done_for', type: 'varchar', length: '32', default: "''" },
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('sweep_lease', true);
  }
}

export interface LeaseRunOptions {
  /** Skip the run when the last finished run was for this period (e.g. today's China day), and record it when this run finishes. */
  once?: string;
  /** Record this period as finished when `fn` resolves, without skipping a run when it already is (a catch-up run at start). */
  finishes?: string;
  /** Keep the lease after the run (a leader that runs every tick) instead of freeing it; `once` is then not recorded. */
  keep?: boolean;
}

export type LeaseRun<T> = { ran: true; value: T } | { ran: false };

/** What a job under the lease may ask: whether it still holds it (a holder that lost it should stop writing). */
export interface LeaseHold {
  readonly lost: boolean;
}

/**
 * Rows a write statement touched: mysql2 answers an OkPacket (affectedRows counts matched rows, as
 * FOUND_ROWS is on by default), better-sqlite3 through TypeORM answers its `changes`. For claims by
 * conditional UPDATE (leases), where the count says who won.
 */
export async function affectedRows(dataSource: DataSource, sql: string, params: unknown[]): Promise<number> {
  const runner = dataSource.createQueryRunner();
  try {
    const result = await runner.query(sql, params, true);
    return Number(result.affected ?? 0);
  } finally {
    await runner.release();
  }
}

/**
 * A named lease in the service's own database, so that one replica of the cluster at a time runs a
 * job (a sweep, a scheduler). Claiming is one conditional UPDATE (`expires_at < now OR holder = me`),
 * atomic on MariaDB/MySQL and on SQLite alike: of instances asking at once exactly one is told yes.
 * A holder that dies blocks the others only until `expires_at`; one that stops cleanly frees it.
 * Times are the instances' clocks (kept by NTP); a ttl of minutes dwarfs their skew.
 *
 * One instance per process and service: `holder` names the process. Two runs of one job inside
 * that process exclude each other in memory, since the database would let the same holder in twice.
 */
export class ClusterLease {
  private readonly running = new Set<string>();
  private readonly ensured = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    readonly holder: string = randomUUID(),
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when this holder now holds `name` until now + ttlMs (taken free or expired, or renewed). */
  async claim(name: string, ttlMs: number, options: { once?: string } = {}): Promise<boolean> {
    await this.ensureRow(name);
    const now = this.clock();
    const params: unknown[] = [this.holder, now + ttlMs, name, now, this.holder];
    let sql = 'UPDATE sweep_lease SET holder = ?, expires_at = ? WHERE name = ? AND (expires_at < ? OR holder = ?)';
    if (options.once !== undefined) {
      sql += ' AND done_for <> ?';
      params.push(options.once);
    }
    return (await this.affected(sql, params)) > 0;
  }

  /** Frees `name` if this holder still holds it; `doneFor` records a finished run of that period. */
  async release(name: string, doneFor?: string): Promise<void> {
    await this.affected(
      `UPDATE sweep_lease SET holder = '', expires_at = 0${doneFor !== undefined ? ', done_for = ?' : ''} WHERE name = ? AND holder = ?`,
      doneFor !== undefined ? [doneFor, name, this.holder] : [name, this.holder],
    );
  }

  /** Who holds `name` now ('' when nobody, or the lease expired). */
  async holderOf(name: string): Promise<string> {
    const rows: { holder: string; expires_at: number | string }[] = await this.dataSource.query('SELECT holder, expires_at FROM sweep_lease WHERE name = ?', [name]);
    return rows.length && Number(rows[0].expires_at) >= this.clock() ? rows[0].holder : '';
  }

  /**
   * Runs `fn` only while holding `name`: `{ ran: false }` when another replica holds it (or, with
   * `once`, the period's run has finished). The lease is renewed every ttl/3 while `fn` runs, so a
   * long run keeps it; `hold.lost` tells `fn` when a renewal failed. Freed at the end unless `keep`;
   * `once` is recorded only when `fn` resolved.
   */
  async runExclusive<T>(name: string, ttlMs: number, fn: (hold: LeaseHold) => Promise<T>, options: LeaseRunOptions = {}): Promise<LeaseRun<T>> {
    if (this.running.has(name)) return { ran: false };
    this.running.add(name);
    try {
      if (!(await this.claim(name, ttlMs, { once: options.once }))) return { ran: false };
      const hold = { lost: false };
      const renewal = setInterval(() => {
        void this.claim(name, ttlMs).then(
          (held) => { if (!held) hold.lost = true; },
          () => undefined, // a failed renewal is retried at the next one; the ttl covers two misses
        );
      }, Math.max(10, Math.floor(ttlMs / 3)));
      renewal.unref();
      let finished = false;
      try {
        const value = await fn(hold);
        finished = true;
        return { ran: true, value };
      } finally {
        clearInterval(renewal);
        if (!options.keep) await this.release(name, finished ? (options.once ?? options.finishes) : undefined);
      }
    } finally {
      this.running.delete(name);
    }
  }

  // The row exists before any claim, so claiming is always an UPDATE, never a racing INSERT.
  private async ensureRow(name: string): Promise<void> {
    if (this.ensured.has(name)) return;
    const sqlite = this.dataSource.options.type === 'better-sqlite3' || this.dataSource.options.type === 'sqlite';
    await this.dataSource.query(`INSERT ${sqlite ? 'OR IGNORE' : 'IGNORE'} INTO sweep_lease (name, holder, expires_at, done_for) VALUES (?, '', 0, '')`, [name]);
    this.ensured.add(name);
  }

  private affected(sql: string, params: unknown[]): Promise<number> {
    return affectedRows(this.dataSource, sql, params);
  }
}

export interface PeriodicSweepOptions {
  /** Time between ticks. */
  everyMs: number;
  /** How long the leader holds the lease without renewing: the others take over this long after it dies. Above everyMs. */
  ttlMs: number;
  /** Called when a tick throws (the sweep goes on at the next tick). */
  onError?: (error: Error) => void;
}

/**
 * A job that ticks on every replica but runs on one: the replica that holds the lease (the leader)
 * runs each tick and keeps the lease; the others' ticks find it held and do nothing. When the
 * leader stops cleanly it frees the lease; when it dies the next tick after `ttlMs` elsewhere
 * takes over.
 */
export class PeriodicSweep {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private current: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly lease: ClusterLease,
    readonly name: string,
    private readonly options: PeriodicSweepOptions,
    private readonly work: (hold: LeaseHold) => Promise<unknown>,
  ) {}

  start(): void {
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.tick(), this.options.everyMs);
    this.timer.unref();
  }

  /** One tick now: true when this replica ran the job. */
  async tick(): Promise<boolean> {
    if (this.stopped) return false;
    const run = this.lease.runExclusive(this.name, this.options.ttlMs, this.work, { keep: true }).catch((error: Error) => {
      this.options.onError?.(error);
      return { ran: false } as const;
    });
    this.current = run;
    return (await run).ran;
  }

  /** Stops ticking, waits for a running tick and frees the lease for the other replicas. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current.catch(() => undefined);
    await this.lease.release(this.name).catch(() => undefined);
  }
}
