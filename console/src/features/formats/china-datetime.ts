import { chinaDate, chinaDayNumber, chinaMonthStart, chinaTimeMs, formatChinaTime } from '@openfleet/contracts/time';

// The console's one way to show and take a time: China time written "YYYY-MM-DD HH:mm:ss" (or
// "YYYY-MM-DD" for a day), whatever the browser's locale and time zone. The browser's own
// <input type="datetime-local"> shows "11/27/2026, 12:00:00 AM" in an English browser; this does not.

/** A picker shows either a whole time or a day. */
export type PickerMode = 'datetime' | 'date';

/** The format a mode shows and the API takes. */
export const PICKER_FORMAT: Readonly<Record<PickerMode, string>> = {
  datetime: 'YYYY-MM-DD HH:mm:ss',
  date: 'YYYY-MM-DD',
};

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * What an operator typed, as the API's text, or null when it is no calendar time. Accepts the
 * format itself, "/" or "." between date parts, a "T" or spaces before the time, a time without
 * seconds (":00") or without a time (midnight), and the 14 digits "YYYYMMDDHHmmss". A day
 * picker drops any time typed after the date.
 */
export function readPickerText(text: string, mode: PickerMode = 'datetime'): string | null {
  const trimmed = text.trim();
  const digits = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?$/.exec(trimmed);
  const spelled = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:\s+|T)(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(trimmed);
  const match = digits ?? spelled;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour, minute, second] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (Number.isNaN(chinaTimeMs(year, month, day, hour, minute, second))) return null;
  const date = `${year}-${pad2(month)}-${pad2(day)}`;
  return mode === 'date' ? date : `${date} ${pad2(hour)}:${pad2(minute)}:${pad2(second)}`;
}

/** The fields of a value the picker holds (always valid API text), or null for an empty or bad one. */
export function pickerFields(value: string, mode: PickerMode = 'datetime') {
  const text = readPickerText(value, mode);
  if (!text) return null;
  const [date, time = '00:00:00'] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second };
}

/** Now in China, as a mode writes it. */
export function chinaNow(mode: PickerMode = 'datetime', nowMs = Date.now()): string {
  const text = formatChinaTime(nowMs);
  return mode === 'date' ? text.slice(0, 10) : text;
}

/** One day of the month grid: its date text, its day of the month, and whether it lies in the shown month. */
export interface CalendarDay {
  readonly date: string;
  readonly day: number;
  readonly inMonth: boolean;
}

/**
 * Six weeks of days around a month, weeks starting on Monday as Chinese calendars do; the days of
 * the months before and after fill the first and last weeks.
 */
export function monthGrid(year: number, month: number): CalendarDay[] {
  const first = chinaDayNumber(chinaMonthStart(year, month));
  // 1970-01-01 (day 0) was a Thursday: Monday-based weekday 3.
  const lead = (((first + 3) % 7) + 7) % 7;
  const days: CalendarDay[] = [];
  for (let i = 0; i < 42; i += 1) {
    // A China day number back to an instant inside that China day (its noon), then to its date.
    const text = chinaDate((first - lead + i) * 86_400_000 + 4 * 3_600_000);
    const [y, m, d] = text.split('-').map(Number);
    days.push({ date: text, day: d, inMonth: y === year && m === month });
  }
  return days;
}

/** The month `delta` months from year/month (delta may be negative). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A value with its day replaced by `date` (YYYY-MM-DD), keeping the time of day (midnight when there was none). */
export function withDate(value: string, date: string, mode: PickerMode = 'datetime'): string {
  if (mode === 'date') return date;
  const fields = pickerFields(value);
  const time = fields ? `${pad2(fields.hour)}:${pad2(fields.minute)}:${pad2(fields.second)}` : '00:00:00';
  return `${date} ${time}`;
}

/** A value with one part of its time of day replaced; a value without a day takes today's. */
export function withTimePart(value: string, part: 'hour' | 'minute' | 'second', to: number, nowMs = Date.now()): string {
  const fields = pickerFields(value) ?? pickerFields(chinaNow('date', nowMs))!;
  const next = { ...fields, [part]: to };
  const date = `${next.year}-${pad2(next.month)}-${pad2(next.day)}`;
  return `${date} ${pad2(next.hour)}:${pad2(next.minute)}:${pad2(next.second)}`;
}
