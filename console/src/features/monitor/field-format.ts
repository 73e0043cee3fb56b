import { formatLngLat } from '../formats/coordinates';

/** Spec §9: these raw readings mean "sensor reports invalid" and are never shown as numbers. */
export const SENTINEL_VALUES: readonly number[] = [215.0, 65.53, 5553.5];

/** What a field with no data shows: never a made-up value. */
export const NO_DATA = '—';

export interface FieldText {
  readonly kind: 'empty' | 'invalid' | 'value';
  readonly text: string;
}

/**
 * A reading for display: missing -> "—", a sentinel -> the translated "invalid" word, else the
 * value with its unit (rounded to `digits` when given).
 */
export function formatReading(value: number | string | null | undefined, invalidText: string, unit = '', digits?: number): FieldText {
  if (value === null || value === undefined || value === '') return { kind: 'empty', text: NO_DATA };
  if (typeof value === 'string') return { kind: 'value', text: value };
  if (!Number.isFinite(value)) return { kind: 'empty', text: NO_DATA };
  if (SENTINEL_VALUES.some((sentinel) => Math.abs(value - sentinel) < 1e-9)) return { kind: 'invalid', text: invalidText };
  const shown = digits === undefined ? String(value) : value.toFixed(digits);
  return { kind: 'value', text: unit ? `${shown} ${unit}` : shown };
}

/** "lng, lat" with six decimals, or "—" before the first fix: the console's one formatter (formats/coordinates). */
export function formatPlace(lng: number | null | undefined, lat: number | null | undefined): string {
  return formatLngLat(lng, lat);
}
