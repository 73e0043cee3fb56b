import type { VideoFluxRow } from '@openfleet/contracts/video';
import type { PageQuery, PageResult } from '../table-screen/table-model';

/** Spec: a traffic query covers at most 31 days. */
export const FLUX_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

export const toMegabytes = (bytes: number) => bytes / 1_048_576;

/** Why a day window is refused (an i18n key), or null. Both ends count: 1..31 days. */
export function dayWindowError(startDay: string, endDay: string, maxDays = FLUX_MAX_DAYS): string | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(startDay) || !pattern.test(endDay)) return 'media.window.invalid';
  const days = (Date.parse(endDay) - Date.parse(startDay)) / DAY_MS + 1;
  if (Number.isNaN(days)) return 'media.window.invalid';
  if (days < 1) return 'media.window.order';
  return days > maxDays ? 'media.window.tooLong' : null;
}

/** The totals of the window: MB, connected hours and sessions. */
export function fluxTotals(rows: readonly VideoFluxRow[]): { megabytes: number; hours: number; sessions: number } {
  const bytes = rows.reduce((sum, row) => sum + row.bytes, 0);
  const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
  return { megabytes: toMegabytes(bytes), hours: seconds / 3600, sessions: rows.reduce((sum, row) => sum + row.sessions, 0) };
}

/** One page of the rows (day, then plate, then channel). */
export function pageOfFlux(rows: readonly VideoFluxRow[], query: PageQuery): PageResult<VideoFluxRow> {
  const sorted = [...rows].sort((a, b) => a.day.localeCompare(b.day) || a.plateCode.localeCompare(b.plateCode) || a.channel - b.channel);
  const from = (query.pageNo - 1) * query.pageSize;
  return { records: sorted.slice(from, from + query.pageSize), total: sorted.length };
}
