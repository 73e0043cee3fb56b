import type { DataSource } from 'typeorm';
import { ClusterLease } from './cluster-lease';

// Daily RANGE partitions of a time-series table on MySQL: p_YYYYMMDD holds rows before the next UTC
// midnight. The first partition also catches anything older (late reissued or blind-area reports);
// p_future catches anything beyond the last planned day, so an insert never fails for lack of a
// partition. A partition past retention is dropped, which is instant, unlike a DELETE.
// SQLite keeps one plain table: standalone fleets are small.

const DAY_S = 86_400;
/** How long one replica's partition change may hold the lease; a crashed one delays the others this long. */
const PARTITION_LEASE_MS = 10 * 60_000;

/** Start of the UTC day holding `timeS`, epoch seconds. */
export function dayStartS(timeS: number): number {
  return Math.floor(timeS / DAY_S) * DAY_S;
}

/** Partition name of the UTC day starting at `dayS`. */
export function partitionName(dayS: number): string {
  return `p_${new Date(dayS * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/** The partitioned table and its time column; `unitsPerSecond` is 1 for epoch seconds, 1000 for milliseconds. */
export interface DailyPartitionedTable {
  table: string;
  column: string;
  unitsPerSecond: 1 | 1000;
}

function dayPartition(spec: DailyPartitionedTable, dayS: number): string {
  return `PARTITION ${partitionName(dayS)} VALUES LESS THAN (${(dayS + DAY_S) * spec.unitsPerSecond})`;
}

/** The CREATE TABLE clause: today and `ahead` days after it, plus the catch-all. */
export function initialPartitionClause(spec: DailyPartitionedTable, nowMs: number, ahead = 7): string {
  const today = dayStartS(Math.floor(nowMs / 1000));
  const parts: string[] = [];
  for (let day = today; day <= today + ahead * DAY_S; day += DAY_S) parts.push(dayPartition(spec, day));
  parts.push('PARTITION p_future VALUES LESS THAN MAXVALUE');
  return `PARTITION BY RANGE (${spec.column}) (${parts.join(', ')})`;
}

export interface ExistingPartition {
  name: string;
  /** Upper bound (exclusive) in epoch seconds; null for MAXVALUE. */
  lessThanS: number | null;
}

export interface PartitionChanges {
  /** Day starts to split off p_future, ascending. */
  add: number[];
  /** Partitions entirely older than the retention horizon. */
  drop: string[];
}

/** What the maintenance job must change so days up to `ahead` exist and nothing older than `retentionDays` stays. */
export function planPartitions(existing: readonly ExistingPartition[], nowMs: number, ahead: number, retentionDays: number): PartitionChanges {
  const today = dayStartS(Math.floor(nowMs / 1000));
  const bounded = existing.filter((partition) => partition.lessThanS !== null) as { name: string; lessThanS: number }[];
  const highest = bounded.reduce((max, partition) => Math.max(max, partition.lessThanS), 0);
  const horizon = today - retentionDays * DAY_S;
  const add: number[] = [];
  // Days follow on from the highest existing bound (a gap while the job was down is filled day by
  // day, except days already past retention); with no bounded partition, from today.
  for (let day = highest ? Math.max(highest, horizon) : today; day <= today + ahead * DAY_S; day += DAY_S) add.push(day);
  // Keep at least one bounded partition so the table always has a lowest range.
  const drop = bounded.filter((partition) => partition.lessThanS <= horizon).map((partition) => partition.name);
  if (drop.length === bounded.length && add.length === 0) drop.pop();
  return { add, drop };
}

/**
 * Reads a MySQL table's partitions and applies the plan: the job a service runs at start and on a
 * timer, on every replica. The plan is read then applied, so two replicas at once would both
 * REORGANIZE the same days and one would fail (duplicate partition): it runs under the cluster lease
 * `partitions:<table>`, and a replica that finds it held changes nothing (the holder does it).
 */
export class DailyPartitions {
  constructor(
    private readonly dataSource: DataSource,
    readonly spec: DailyPartitionedTable,
    private readonly lease = new ClusterLease(dataSource),
  ) {}

  get enabled(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  async partitions(): Promise<ExistingPartition[]> {
    const rows: { name: string; description: string }[] = await this.dataSource.query(
      `SELECT PARTITION_NAME AS name, PARTITION_DESCRIPTION AS description FROM information_schema.PARTITIONS
       WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND PARTITION_NAME IS NOT NULL ORDER BY PARTITION_ORDINAL_POSITION`,
      [this.spec.table],
    );
    return rows.map((row) => ({ name: row.name, lessThanS: row.description === 'MAXVALUE' ? null : Number(row.description) / this.spec.unitsPerSecond }));
  }

  /** Applies the plan for `nowMs`; answers what it changed (nothing when another replica holds the lease). */
  async maintain(nowMs: number, ahead: number, retentionDays: number): Promise<PartitionChanges> {
    const run = await this.lease.runExclusive(`partitions:${this.spec.table}`, PARTITION_LEASE_MS, () => this.apply(nowMs, ahead, retentionDays));
    return run.ran ? run.value : { add: [], drop: [] };
  }

  private async apply(nowMs: number, ahead: number, retentionDays: number): Promise<PartitionChanges> {
    const plan = planPartitions(await this.partitions(), nowMs, ahead, retentionDays);
    const { table } = this.spec;
    if (plan.add.length) {
      const parts = plan.add.map((day) => dayPartition(this.spec, day));
      await this.dataSource.query(`ALTER TABLE ${table} REORGANIZE PARTITION p_future INTO (${parts.join(', ')}, PARTITION p_future VALUES LESS THAN MAXVALUE)`);
    }
    if (plan.drop.length) await this.dataSource.query(`ALTER TABLE ${table} DROP PARTITION ${plan.drop.join(', ')}`);
    return plan;
  }
}
