import { escape } from 'mysql2';

// Identifiers the platform generates (terminal phones, vehicle ids) need no escaping: quote them as they are.
const PLAIN = /^[0-9A-Za-z_.:-]*$/;

/**
 * One MySQL literal. The ingest writes thousands of rows per statement; with `?` placeholders mysql2
 * substitutes them in a regex pass over the whole statement, which took about 10 % of the ingest
 * process's CPU in a profile (sql-escaper `format`). Numbers that are not finite become NULL;
 * strings go through mysql2's own escaping unless they are plain identifiers.
 */
export function sqlLiteral(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  return PLAIN.test(value) ? `'${value}'` : escape(value);
}
