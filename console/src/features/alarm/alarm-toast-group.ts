/** Alarms that arrive within this window of the group's first one update the same toast. */
export const ALARM_TOAST_WINDOW_MS = 30_000;

const MUTE_KEY = 'alarmToastsMuted';

export function areAlarmToastsMuted(): boolean {
  return globalThis.localStorage?.getItem(MUTE_KEY) === '1';
}

export function setAlarmToastsMuted(muted: boolean): void {
  globalThis.localStorage?.setItem(MUTE_KEY, muted ? '1' : '0');
}

export interface AlarmToastState {
  /** Toast key: the same key updates the shown toast in place. */
  readonly key: string;
  readonly count: number;
  readonly emergency: boolean;
  /** Plate and type of the newest alarm. */
  readonly latest: string;
  readonly startedAt: number;
}

/**
 * Folds a burst of alarms into one toast: the first alarm of a window shows alone, the next ones of
 * the same window turn it into "N new alarms" (the newest named), updated in place, never stacked.
 */
export function nextAlarmToast(current: AlarmToastState | null, alarm: { label: string; level: number }, now: number, window = ALARM_TOAST_WINDOW_MS): AlarmToastState {
  if (current && now - current.startedAt < window)
    return { ...current, count: current.count + 1, emergency: current.emergency || alarm.level === 0, latest: alarm.label };
  return { key: `alarm-${now}`, count: 1, emergency: alarm.level === 0, latest: alarm.label, startedAt: now };
}
