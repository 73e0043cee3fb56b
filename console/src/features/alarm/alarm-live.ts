import type { LiveAlarm } from '@openfleet/contracts/live';

/** Alarms older than this when they arrive are history (a terminal catching up), not news. */
const FRESH_MS = 5 * 60_000;

/**
 * What the console does with a pushed alarm: a toast for what starts now and the company pushes
 * (default: levels 0-1), a sound where the company wants one (default: emergencies). Ends, updates
 * and blind-area history stay quiet; an instantaneous alarm (end = start) is a start.
 */
export function liveAlarmReaction(alarm: Pick<LiveAlarm, 'type' | 'level' | 'startedAt' | 'endedAt' | 'detail'>, now: number): { toast: boolean; sound: boolean } {
  const ending = alarm.endedAt !== undefined && alarm.endedAt !== alarm.startedAt;
  if (ending || alarm.detail?.blindArea || now - alarm.startedAt > FRESH_MS) return { toast: false, sound: false };
  const push = alarm.detail?.push ?? alarm.level <= 1;
  const sound = alarm.detail?.sound ?? alarm.level === 0;
  return { toast: push, sound: push && sound };
}
