import { chinaDate, chinaTimeFields, chinaTimeMs, formatChinaTime } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';

/** Earliest and latest time a request may name: 2000-01-01 00:00:00 .. 2099-12-31 23:59:59, China Standard Time. */
export const PLATFORM_TIME_RANGE = { first: '2000-01-01 00:00:00', last: '2099-12-31 23:59:59' } as const;
/** The same bounds in epoch seconds. */
export const PLATFORM_TIME_MIN_S = chinaTimeMs(2000, 1, 1) / 1000;
export const PLATFORM_TIME_MAX_S = chinaTimeMs(2100, 1, 1) / 1000 - 1;

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
  const fields = chinaTimeFields(text);
  if (!fields) throw badTime(name, 'expected "YYYY-MM-DD HH:mm:ss" or epoch ms');
  // 02-31 is refused (NaN), not rolled over to 03-03.
  const ms = chinaTimeMs(fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second);
  if (Number.isNaN(ms)) throw badTime(name, 'not a calendar time');
  return Math.floor(ms / 1000);
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

/** Reporting day "YYYY-MM-DD" in China Standard Time. */
export function cstDate(epochS: number): string {
  return chinaDate(Math.floor(epochS) * 1000);
}

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time. */
export function formatCst(epochS: number): string {
  return formatChinaTime(Math.floor(epochS) * 1000);
}

/** Validated [start, end] in epoch seconds: end after start (400) and not longer than `maxDays` (300). */
export function queryWindow(startTime: string, endTime: string, maxDays: number): { startS: number; endS: number } {
  const startS = parseTimeParam(startTime, 'startTime');
  const endS = parseTimeParam(endTime, 'endTime');
  if (endS < startS) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'endTime is before startTime', data: { field: 'endTime' } });
  if (endS - startS > maxDays * 86_400) throw new AppError(ErrorCode.QUERY_WINDOW_EXCEEDED, { data: { maxDays } });
  return { startS, endS };
}
