/**
 * Deployment settings of the monitoring screens (build-time Vite variables):
 * VITE_MONITOR_CHECK_LIMIT: most vehicles one check-all may select (spec §5 tree limit), default 2000.
 * VITE_TRACK_WINDOW_DAYS: history query window, default 3 (the tracking service's TRACKING_TRACK_WINDOW_DAYS).
 */
const env = import.meta.env as Record<string, string | undefined>;

const positive = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const CHECK_ALL_LIMIT = positive(env.VITE_MONITOR_CHECK_LIMIT, 2000);
export const TRACK_WINDOW_DAYS = positive(env.VITE_TRACK_WINDOW_DAYS, 3);
