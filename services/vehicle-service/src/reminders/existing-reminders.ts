import type { DataSource } from 'typeorm';

/** Record ids per statement: bound parameters, well inside SQLite's and MySQL's limits. */
const CHUNK = 1000;

/** The key a reminder is unique on (ux_reminder_once). */
export const reminderKey = (kind: string, recordId: number, threshold: string): string => `${kind}\u0000${recordId}\u0000${threshold}`;

/**
 * The keys of the reminders that already exist for these records, read on the unique
 * (kind, record_id, threshold) index in chunks of record ids. The sweep drops those candidates
 * before writing: on a steady day nearly every crossed threshold was stored on an earlier day, and
 * sending them all to INSERT-ignore only for the server to skip them cost most of the sweep. The
 * write stays INSERT-ignore, so a reminder stored in between is still never doubled.
 */
export async function existingReminderKeys(dataSource: DataSource, records: ReadonlyMap<string, ReadonlySet<number>>): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const [kind, ids] of records) {
    const list = [...ids];
    for (let start = 0; start < list.length; start += CHUNK) {
      const chunk = list.slice(start, start + CHUNK);
      const rows: { record_id: number | string; threshold: string }[] = await dataSource.query(
        `SELECT record_id, threshold FROM reminder WHERE kind = ? AND record_id IN (${chunk.map(() => '?').join(',')})`,
        [kind, ...chunk],
      );
      for (const row of rows) keys.add(reminderKey(kind, Number(row.record_id), row.threshold));
    }
  }
  return keys;
}
