import { chinaDayStartOf } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseMonthParam } from '@openfleet/service-kit';
import { cstDate, queryWindow } from '../common/time-window';

const DAY_S = 86_400;

/** The reporting days (China Standard Time, "YYYY-MM-DD") a report covers, first to last. */
export interface ReportDays {
  days: string[];
  /** The window in epoch seconds: the first day's 00:00 to the end of the last day. */
  startS: number;
  endS: number;
}

/** Days from startTime's day to endTime's day, inclusive; more than maxDays apart is error 300. */
export function reportDays(startTime: string, endTime: string, maxDays: number): ReportDays {
  const window = queryWindow(startTime, endTime, maxDays);
  const first = chinaDayStartOf(window.startS * 1000) / 1000;
  const last = chinaDayStartOf(window.endS * 1000) / 1000;
  const days: string[] = [];
  for (let s = first; s <= last; s += DAY_S) days.push(cstDate(s));
  return { days, startS: first, endS: last + DAY_S };
}

/** Whole months "YYYY-MM" from startTime to endTime (days of either form are cut to their month); at most maxMonths, else error 300. */
export function reportMonths(startTime: string, endTime: string, maxMonths: number): { months: string[]; days: ReportDays } {
  // Months within 2000-01 .. 2099-12, like every other date a request names (400 naming the field).
  const start = parseMonthParam(startTime, 'startTime');
  const end = parseMonthParam(endTime, 'endTime');
  const count = (end.year - start.year) * 12 + (end.month - start.month) + 1;
  if (count < 1) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'endTime is before startTime', data: { field: 'endTime' } });
  if (count > maxMonths) throw new AppError(ErrorCode.QUERY_WINDOW_EXCEEDED, { data: { maxMonths } });
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const index = start.month - 1 + i;
    months.push(`${start.year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  const lastMonth = months[months.length - 1];
  const [y, m] = lastMonth.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { months, days: reportDays(`${months[0]}-01`, `${lastMonth}-${String(lastDay).padStart(2, '0')}`, maxMonths * 31) };
}
