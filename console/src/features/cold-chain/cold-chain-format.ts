import type { ColdChainReading } from '@openfleet/contracts/industry';

/** "−18.2 / −20.0 / —": one value per probe, a dash where a probe sent nothing. */
export function probeValues(values: readonly (number | null)[], digits = 1): string {
  return values.length ? values.map((value) => (value === null ? '—' : value.toFixed(digits))).join(' / ') : '—';
}

/** Any door open. */
export const doorOpen = (reading: Pick<ColdChainReading, 'doors'>): boolean => reading.doors.some((open) => open === true);

/** "-25 … -15" for a range, "—" when neither bound is set. */
export function rangeText(range: { min: number | null; max: number | null } | undefined): string {
  if (!range || (range.min === null && range.max === null)) return '—';
  return `${range.min ?? '−∞'} … ${range.max ?? '+∞'}`;
}

/** A number field of a form: '' is "not set" (null). */
export const numberOrNull = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));
