// China Standard Time: the one place the platform writes the UTC+8 offset. Terminals (JT/T 808
// BCD, GB/T 32960 BYTE[6], JT/T 809 2011 GNSS), the API's "YYYY-MM-DD HH:mm:ss" and the reporting
// days are all China time. Pure and browser-safe (no Node, no imports): the console uses it too.
// China has kept UTC+8 all year since 1991, so a fixed offset is exact for every time we store.

/** UTC+8 in milliseconds. */
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;
/** UTC+8 in minutes, as codecs that take an offset parameter expect it. */
export const CHINA_UTC_OFFSET_MINUTES = CHINA_UTC_OFFSET_MS / 60_000;

const DAY_MS = 86_400_000;
const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

// Tracks format thousands of points of the same few days: the date part is computed once per day.
const datePrefixes = new Map<number, string>();

/** China day number (days since 1970-01-01 in China time) of epoch ms. */
export function chinaDayNumber(ms: number): number {
  return Math.floor((ms + CHINA_UTC_OFFSET_MS) / DAY_MS);
}

/** Seconds since China midnight (0 .. 86 399) of epoch ms. */
export function chinaSecondOfDay(ms: number): number {
  const local = ms + CHINA_UTC_OFFSET_MS;
  return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / 1000);
}

/** "YYYY-MM-DD" of a China day number. */
export function chinaDateOfDay(day: number): string {
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (datePrefixes.size > 4096) datePrefixes.clear();
    datePrefixes.set(day, prefix);
  }
  return prefix;
}

/** China calendar day "YYYY-MM-DD" of epoch ms (the reporting day). */
export function chinaDate(ms: number): string {
  return chinaDateOfDay(chinaDayNumber(ms));
}

/** "YYYY-MM-DD HH:mm:ss" in China time of epoch ms (milliseconds dropped). */
export function formatChinaTime(ms: number): string {
  const second = chinaSecondOfDay(ms);
  return `${chinaDate(ms)} ${pad2(Math.floor(second / 3600))}:${pad2(Math.floor((second % 3600) / 60))}:${pad2(second % 60)}`;
}

/** "YYMMDDhhmmss" digits in China time (the BCD[6] time of JT/T 808 / 1078 fields). */
export function chinaBcdDigits(ms: number): string {
  return formatChinaTime(ms).slice(2).replace(/\D/g, '');
}

/** Fields of a China wall-clock time; month 1-12. */
export interface ChinaTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Epoch ms of a China wall-clock time; NaN when it is not a calendar time (02-30, 24:00, 13th month). */
export function chinaTimeMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1, day);
  const utcMs = back.setUTCHours(hour, minute, second, 0);
  // A field out of its range (02-31, 24:00) is refused, not rolled over.
  if (!Number.isFinite(utcMs) || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  return utcMs - CHINA_UTC_OFFSET_MS;
}

const CHINA_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "YYYY-MM-DD", "YYYY-MM-DD HH:mm" or "YYYY-MM-DD HH:mm:ss" (space or T) split into fields; null when not that shape. */
export function chinaTimeFields(text: string): ChinaTimeFields | null {
  const match = CHINA_TEXT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return { year, month, day, hour, minute, second };
}

/** Epoch ms of China-time text (the shapes of chinaTimeFields; a date alone is its midnight); NaN when unreadable or not a calendar time. */
export function parseChinaTime(text: string): number {
  const f = chinaTimeFields(text);
  return f ? chinaTimeMs(f.year, f.month, f.day, f.hour, f.minute, f.second) : Number.NaN;
}

/** Epoch ms of "YYMMDDhhmmss" China-time digits (20YY); NaN when not a calendar time. */
export function parseChinaBcdDigits(digits: string): number {
  if (!/^\d{12}$/.test(digits)) return Number.NaN;
  const two = (at: number) => Number(digits.slice(at, at + 2));
  return chinaTimeMs(2000 + two(0), two(2), two(4), two(6), two(8), two(10));
}

/** Epoch ms of China midnight starting the day "YYYY-MM-DD"; NaN when not a date. */
export function chinaDayStart(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseChinaTime(date) : Number.NaN;
}

/** Epoch ms of China midnight starting the China day that holds `ms`. */
export function chinaDayStartOf(ms: number): number {
  return chinaDayNumber(ms) * DAY_MS - CHINA_UTC_OFFSET_MS;
}

/** Epoch ms of China midnight starting a month (month 1-12; 13 is January of the next year, so a month ends where month + 1 starts). */
export function chinaMonthStart(year: number, month: number): number {
  return Date.UTC(year, month - 1, 1) - CHINA_UTC_OFFSET_MS;
}

/** Days in a calendar month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
