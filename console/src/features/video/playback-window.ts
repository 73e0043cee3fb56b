import type { ResourceItem } from '@openfleet/contracts/video';
import { parseChinaTime } from '@openfleet/contracts/time';
import { PLAYBACK_SPEEDS } from '@openfleet/contracts/video';
import { cstTime } from '../instruction/command-form';
import { resourceVideoAlarms } from './tile-grid';

const DAY_MS = 86_400_000;

/** "yyyy-MM-dd HH:mm:ss" (China Standard Time, as the API writes it) to ms; NaN when malformed. */
export function parseCst(text: string): number {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? parseChinaTime(text) : NaN;
}

/** Why a query window is refused (an i18n key), or null: a valid window of at most `maxDays` days. */
export function windowError(startTime: string, endTime: string, maxDays: number): string | null {
  const start = parseCst(startTime);
  const end = parseCst(endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'media.window.invalid';
  if (end <= start) return 'media.window.order';
  if (end - start > maxDays * DAY_MS) return maxDays === 1 ? 'media.window.oneDay' : 'media.window.tooLong';
  return null;
}

/** A resource item as a segment of the timeline bar (percent of the window). */
export interface TimelineSegment {
  readonly item: ResourceItem;
  readonly left: number;
  readonly width: number;
  /** Any of the 64 alarm bits set. */
  readonly alarm: boolean;
  /** The video alarm flags among them (VIDEO_ALARM_FLAGS bits). */
  readonly videoAlarms: number;
}

/** Places the items on the window [start, end]; items outside it are clipped or left out. */
export function timelineSegments(items: readonly ResourceItem[], start: number, end: number): TimelineSegment[] {
  const span = end - start;
  if (span <= 0) return [];
  return items.flatMap((item) => {
    const from = Math.max(parseCst(item.startTime), start);
    const to = Math.min(parseCst(item.endTime), end);
    if (!(to > from)) return [];
    return [{ item, left: ((from - start) / span) * 100, width: ((to - from) / span) * 100, alarm: /[1-9a-f]/i.test(item.alarmFlags), videoAlarms: resourceVideoAlarms(item.alarmFlags) }];
  });
}

/** The time at a fraction (0..1) of the window, as the API writes it. */
export function timeAt(fraction: number, start: number, end: number): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return cstTime(Math.round((start + clamped * (end - start)) / 1000) * 1000);
}

/** The 0x9201/0x9202 speed code (1-5) of a speed (1, 2, 4, 8, 16x). */
export function speedCode(speed: number): number {
  const index = PLAYBACK_SPEEDS.indexOf(speed as (typeof PLAYBACK_SPEEDS)[number]);
  return index < 0 ? 1 : index + 1;
}

/** The item the timeline was clicked in, or the first one after it. */
export function itemAt(items: readonly ResourceItem[], at: number): ResourceItem | null {
  const sorted = [...items].sort((a, b) => parseCst(a.startTime) - parseCst(b.startTime));
  return sorted.find((item) => parseCst(item.endTime) > at) ?? null;
}
