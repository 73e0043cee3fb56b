import type { ErrorTable } from './error-table';

/** Vehicle service reminders: insurance, annual inspection and maintenance falling due (issue 29, spec §8 10xx block 1020-1029). */
export const reminderErrors = {
  // Also another company's reminder: out of scope answers like unknown.
  REMINDER_NOT_FOUND: [1020, '提醒不存在', 'The reminder does not exist'],
  REMINDER_DAYS_INVALID: [1021, '提前提醒天数无效（1-365天，最多5个且不可重复）', 'The days before are invalid (1-365 days, at most 5, no repeats)'],
} as const satisfies ErrorTable;
