/** "1 h 5 min 3 s" style durations for the report tables (seconds in, localized units from `t`). */
export function formatDuration(seconds: number, units: { h: string; min: string; s: string }): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts = [h ? `${h} ${units.h}` : '', m ? `${m} ${units.min}` : '', rest || (!h && !m) ? `${rest} ${units.s}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** Handling rate 0-1 as a percentage with one decimal. */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/**
 * Seconds as minutes for the duration rankings, to 0.1 min: whole minutes flattened the chart to 0,
 * since most overspeed alarms last less than a minute.
 */
export function minutesOf(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 6) / 10;
}
