import type { ReminderCounts, ReminderEvent, ReminderRow } from '@openfleet/contracts/vehicle-service';

export const NO_REMINDERS: ReminderCounts = { messages: 0, insurance: 0, inspection: 0, maintenance: 0 };

/** The header's counts after a live `reminders` event: each new unread reminder adds one to its kind and to messages. */
export function countsAfter(counts: ReminderCounts, event: ReminderEvent): ReminderCounts {
  const next = { ...counts };
  for (const reminder of event.reminders) {
    if (reminder.status !== 0) continue;
    next[reminder.kind] += 1;
    next.messages += 1;
  }
  return next;
}

/** "days:7" -> { key, days }: the i18n key of a threshold and its interpolation. */
export function thresholdLabel(threshold: ReminderRow['threshold']): { key: string; days?: number } {
  if (threshold.startsWith('days:')) return { key: 'reminders.threshold.days', days: Number(threshold.slice(5)) };
  return { key: `reminders.threshold.${threshold}` };
}

/** "30, 7, 1" -> [30, 7, 1]; null when a value is not a whole number of days 1-365, repeats, or there are more than 5. */
export function parseDaysBefore(text: string): number[] | null {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  if (!parts.length || parts.length > 5) return null;
  const days = parts.map(Number);
  if (days.some((value) => !Number.isInteger(value) || value < 1 || value > 365)) return null;
  if (new Set(days).size !== days.length) return null;
  return days.sort((a, b) => b - a);
}
