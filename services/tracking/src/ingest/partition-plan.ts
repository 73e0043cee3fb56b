// Daily RANGE partitions of track_point on MySQL: p_YYYYMMDD holds gps_time < the next UTC midnight.
// The first partition also catches anything older (late blind-area uploads); p_future catches
// anything beyond the last planned day, so an insert never fails for lack of a partition.

const DAY_S = 86_400;

/** Start of the UTC day holding `timeS`, epoch seconds. */
export function dayStartS(timeS: number): number {
  return Math.floor(timeS / DAY_S) * DAY_S;
}

/** Partition name of the UTC day starting at `dayS`. */
export function partitionName(dayS: number): string {
  return `p_${new Date(dayS * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/** The CREATE TABLE clause: today and `ahead` days after it, plus the catch-all. */
export function initialPartitionClause(nowMs: number, ahead = 7): string {
  const today = dayStartS(Math.floor(nowMs / 1000));
  const parts: string[] = [];
  for (let day = today; day <= today + ahead * DAY_S; day += DAY_S) {
    parts.push(`PARTITION ${partitionName(day)} VALUES LESS THAN (${day + DAY_S})`);
  }
  parts.push('PARTITION p_future VALUES LESS THAN MAXVALUE');
  return `PARTITION BY RANGE (gps_time) (${parts.join(', ')})`;
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
