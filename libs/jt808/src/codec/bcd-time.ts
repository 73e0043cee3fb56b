import { Jt808EncodeError } from '../errors';
import type { Writer } from './writer';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function bcdByte(b: number): number {
  const hi = b >> 4;
  const lo = b & 0x0f;
  return hi > 9 || lo > 9 ? -1 : hi * 10 + lo;
}

/**
 * BCD[6] YYMMDDhhmmss at buf[pos] in local time `offsetMinutes` east of UTC -> Date,
 * or null when the digits are not a real date (terminals without a fix often send zeros).
 */
export function readBcdDate(buf: Uint8Array, pos: number, offsetMinutes: number): Date | null {
  const y = bcdByte(buf[pos]);
  const mo = bcdByte(buf[pos + 1]);
  const d = bcdByte(buf[pos + 2]);
  const h = bcdByte(buf[pos + 3]);
  const mi = bcdByte(buf[pos + 4]);
  const s = bcdByte(buf[pos + 5]);
  if (
    y < 0 ||
    mo < 1 ||
    mo > 12 ||
    d < 1 ||
    d > DAYS[mo - 1] ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    s < 0 ||
    s > 59
  )
    return null;
  if (mo === 2 && d === 29 && y % 4 !== 0) return null;
  return new Date(Date.UTC(2000 + y, mo - 1, d, h, mi, s) - offsetMinutes * 60000);
}

function two(n: number): number {
  return ((n / 10) | 0) * 16 + (n % 10);
}

/** Date -> BCD[6] in local time `offsetMinutes` east of UTC. Years 2000-2099 only (the field has two digits). */
export function writeBcdDate(w: Writer, date: Date, offsetMinutes: number): void {
  const t = date.getTime();
  if (!Number.isFinite(t)) throw new Jt808EncodeError('time is not a valid date');
  const l = new Date(t + offsetMinutes * 60000);
  const y = l.getUTCFullYear() - 2000;
  if (y < 0 || y > 99) throw new Jt808EncodeError(`year ${l.getUTCFullYear()} does not fit BCD YY`);
  w.ensure(6);
  const b = w.buf;
  b[w.pos++] = two(y);
  b[w.pos++] = two(l.getUTCMonth() + 1);
  b[w.pos++] = two(l.getUTCDate());
  b[w.pos++] = two(l.getUTCHours());
  b[w.pos++] = two(l.getUTCMinutes());
  b[w.pos++] = two(l.getUTCSeconds());
}

/** 'YYMMDDhhmmss' digits (as kept by most messages) -> Date, or null if not a real date. */
export function bcdTimeToDate(digits: string, offsetMinutes = 480): Date | null {
  if (!/^[0-9a-fA-F]{12}$/.test(digits)) return null;
  return readBcdDate(Buffer.from(digits, 'hex'), 0, offsetMinutes);
}

/** Date -> 'YYMMDDhhmmss' digits in the given offset (default UTC+8). */
export function dateToBcdTime(date: Date, offsetMinutes = 480): string {
  const l = new Date(date.getTime() + offsetMinutes * 60000);
  if (!Number.isFinite(l.getTime())) throw new Jt808EncodeError('time is not a valid date');
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    p(l.getUTCFullYear() % 100) +
    p(l.getUTCMonth() + 1) +
    p(l.getUTCDate()) +
    p(l.getUTCHours()) +
    p(l.getUTCMinutes()) +
    p(l.getUTCSeconds())
  );
}

/** ISO 8601 with an explicit offset, e.g. 2025-03-01T08:30:00+08:00. */
export function formatIsoWithOffset(date: Date, offsetMinutes = 480): string {
  const l = new Date(date.getTime() + offsetMinutes * 60000);
  const iso = l.toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${iso}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function parseIsoTime(s: string): Date {
  const d = new Date(s);
  if (!Number.isFinite(d.getTime())) throw new Jt808EncodeError(`not a valid time: ${s}`);
  return d;
}
