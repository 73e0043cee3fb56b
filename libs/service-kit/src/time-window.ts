import { AppError, ErrorCode } from '@openfleet/errors';

const CST_OFFSET_MS = 8 * 3_600_000;

/** Earliest and latest time a request may name: 2000-01-01 00:00:00 .. 2099-12-31 23:59:59, China Standard Time. */
export const PLATFORM_TIME_RANGE = { first: '2000-01-01 00:00:00', last: '2099-12-31 23:59:59' } as const;
/** The same bounds in epoch seconds. */
export const PLATFORM_TIME_MIN_S = (Date.UTC(2000, 0, 1) - CST_OFFSET_MS) / 1000;
export const PLATFORM_TIME_MAX_S = (Date.UTC(2100, 0, 1) - CST_OFFSET_MS) / 1000 - 1;

function badTime(name: string, detail: string): AppError {
  return new AppError(ErrorCode.BAD_PARAMETER, { detail: `${name}: ${detail}`, data: { field: name } });
}

/**
 * A time parameter: epoch milliseconds, or "YYYY-MM-DD HH:mm:ss" / "YYYY-MM-DD" in China Standard
 * Time (what the console sends). Answers epoch seconds; 400 naming the field when unreadable, not a
 * real calendar time (02-30, 25:00) or outside 2000-01-01 .. 2099-12-31.
 */
export function parseTimeParam(value: string, name: string): number {
  const trimmed = String(value).trim();
  const epochS = /^\d{12,14}$/.test(trimmed) ? Math.floor(Number(trimmed) / 1000) : parseCstText(trimmed, name);
  // Year 9999 used to reach the reports and come back as rows: a time out of the range is refused here, for every caller.
  if (epochS < PLATFORM_TIME_MIN_S || epochS > PLATFORM_TIME_MAX_S) throw badTime(name, `between ${PLATFORM_TIME_RANGE.first} and ${PLATFORM_TIME_RANGE.last} (China time)`);
  return epochS;
}

function parseCstText(text: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) throw badTime(name, 'expected "YYYY-MM-DD HH:mm:ss" or epoch ms');
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const utcMs = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 02-31 over to 03-03: a field out of its range is refused, not moved.
  const back = new Date(utcMs);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) throw badTime(name, 'not a calendar time');
  return Math.floor((utcMs - CST_OFFSET_MS) / 1000);
}

/** A month parameter "YYYY-MM" (a longer date is cut to its month), within 2000-01 .. 2099-12; 400 naming the field otherwise. */
export function parseMonthParam(value: string, name: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(String(value).trim().slice(0, 7));
  const year = match ? Number(match[1]) : 0;
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw badTime(name, 'expected "YYYY-MM"');
  if (year < 2000 || year > 2099) throw badTime(name, 'between 2000-01 and 2099-12');
  return { year, month };
}

const DAY_S = 86_400;
const CST_OFFSET_S = CST_OFFSET_MS / 1000;
// Tracks format thousands of points of the same few days: the date part is computed once per day.
const datePrefixes = new Map<number, string>();
const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** "YYYY-MM-DD" of a UTC+8 day number. */
function datePrefix(cstDay: number): string {
  let prefix = datePrefixes.get(cstDay);
  if (prefix === undefined) {
    prefix = new Date(cstDay * DAY_S * 1000).toISOString().slice(0, 10);
    if (datePrefixes.size > 4096) datePrefixes.clear();
    datePrefixes.set(cstDay, prefix);
  }
  return prefix;
}

/** Reporting day "YYYY-MM-DD" in China Standard Time. */
export function cstDate(epochS: number): string {
  return datePrefix(Math.floor((Math.floor(epochS) + CST_OFFSET_S) / DAY_S));
}

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time. */
export function formatCst(epochS: number): string {
  const local = Math.floor(epochS) + CST_OFFSET_S;
  const day = Math.floor(local / DAY_S);
  const second = local - day * DAY_S;
  return `${datePrefix(day)} ${pad2(Math.floor(second / 3600))}:${pad2(Math.floor((second % 3600) / 60))}:${pad2(second % 60)}`;
}

/** Validated [start, end] in epoch seconds: end after start (400) and not longer than `maxDays` (300). */
export function queryWindow(startTime: string, endTime: string, maxDays: number): { startS: number; endS: number } {
  const startS = parseTimeParam(startTime, 'startTime');
  const endS = parseTimeParam(endTime, 'endTime');
  if (endS < startS) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'endTime is before startTime', data: { field: 'endTime' } });
  if (endS - startS > maxDays * 86_400) throw new AppError(ErrorCode.QUERY_WINDOW_EXCEEDED, { data: { maxDays } });
  return { startS, endS };
}
