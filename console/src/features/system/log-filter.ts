import { chinaTimeMs as chinaFieldsMs } from '@openfleet/contracts/time';

/** A log screen's filters as typed: China-time bounds ("YYYY-MM-DD HH:mm:ss" or a date) and exact fields. */
export interface LogFilter {
  readonly from: string;
  readonly to: string;
  readonly account?: string;
  readonly level?: string;
  readonly event?: string;
}

/** "2026-11-25" or "2026-11-25 08:30[:00]" in China time -> epoch ms; a date alone means its start (or, as an upper bound, its end). */
export function chinaTimeMs(text: string, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const dateOnly = h === undefined;
  const ms = chinaFieldsMs(Number(y), Number(mo), Number(d), dateOnly ? 0 : Number(h), dateOnly ? 0 : Number(mi), dateOnly ? 0 : Number(s ?? 0));
  if (Number.isNaN(ms)) return undefined;
  if (!end) return ms;
  return dateOnly ? ms + 86_400_000 - 1 : ms + (s === undefined ? 59_999 : 999);
}

/** The query parameters of the filters: only those given, times as epoch ms (inclusive bounds). */
export function logFilterParams(filter: LogFilter): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  const from = chinaTimeMs(filter.from);
  const to = chinaTimeMs(filter.to, true);
  if (from !== undefined) params.from = from;
  if (to !== undefined) params.to = to;
  for (const key of ['account', 'level', 'event'] as const) {
    const value = filter[key]?.trim();
    if (value) params[key] = value;
  }
  return params;
}
