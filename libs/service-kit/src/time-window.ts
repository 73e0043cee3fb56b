import { AppError, ErrorCode } from '@openfleet/errors';

const CST_OFFSET_MS = 8 * 3_600_000;

/**
 * A time parameter: epoch milliseconds, or "YYYY-MM-DD HH:mm:ss" / "YYYY-MM-DD" in China Standard
 * Time (what the console sends). Answers epoch seconds; 400 when unreadable.
 */
export function parseTimeParam(value: string, name: string): number {
  const trimmed = value.trim();
  if (/^\d{12,14}$/.test(trimmed)) return Math.floor(Number(trimmed) / 1000);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (!match) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `${name}: expected "YYYY-MM-DD HH:mm:ss" or epoch ms`, data: { field: name } });
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utcMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(utcMs)) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: name } });
  return Math.floor((utcMs - CST_OFFSET_MS) / 1000);
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
