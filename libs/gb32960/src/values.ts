import { BoundedReader } from '@openfleet/wire';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';

/** A measured value: scaled and offset, or the standard's sentinel kept as such. */
export type Reading = number | 'abnormal' | 'invalid';

type Width = 1 | 2 | 4;
const MAX: Record<Width, number> = { 1: 0xff, 2: 0xffff, 4: 0xffffffff };

/** raw × scale + offset, with 0xFE/0xFFFE/0xFFFFFFFE abnormal and 0xFF/0xFFFF/0xFFFFFFFF invalid. */
export function toReading(raw: number, width: Width, scale = 1, offset = 0): Reading {
  if (raw === MAX[width]) return 'invalid';
  if (raw === MAX[width] - 1) return 'abnormal';
  return round(raw * scale + offset);
}

export function fromReading(value: Reading, width: Width, scale = 1, offset = 0, what = 'value'): number {
  if (value === 'invalid') return MAX[width];
  if (value === 'abnormal') return MAX[width] - 1;
  const raw = Math.round((value - offset) / scale);
  if (!Number.isFinite(raw) || raw < 0 || raw > MAX[width] - 2) throw new Gb32960EncodeError(`${what} ${value} is outside what ${width} byte(s) with scale ${scale} and offset ${offset} can carry`);
  return raw;
}

/** Six decimal places at most, so 0.1-step values print as typed (12.3, not 12.299999). */
function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

export class Reader extends BoundedReader {
  constructor(buf: Buffer, pos = 0, end = buf.length) {
    super(buf, pos, end, (message) => new Gb32960DecodeError('TRUNCATED', message));
  }

  ascii(n: number, what: string): string {
    return this.bytes(n, what).toString('latin1').replace(/\0+$/, '');
  }

  reading(width: Width, what: string, scale = 1, offset = 0): Reading {
    const raw = width === 1 ? this.u8(what) : width === 2 ? this.u16(what) : this.u32(what);
    return toReading(raw, width, scale, offset);
  }

  /** BYTE[6] year-2000, month, day, hour, minute, second (China time, as the terminal sent it). */
  time(what = 'time'): string {
    // Read in place (every report passes here twice: the gateway's check and the ingest's decode).
    this.need(6, what);
    const b = this.buf;
    const at = this.pos;
    const y = b[at]!, mo = b[at + 1]!, d = b[at + 2]!, h = b[at + 3]!, mi = b[at + 4]!, s = b[at + 5]!;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) throw new Gb32960DecodeError('BAD_FIELD', `${what} ${[y, mo, d, h, mi, s].join(',')} is not a date`);
    this.pos += 6;
    return `${2000 + y}-${TWO_DIGITS[mo]}-${TWO_DIGITS[d]} ${TWO_DIGITS[h]}:${TWO_DIGITS[mi]}:${TWO_DIGITS[s]}`;
  }
}

export class Writer {
  private readonly chunks: Buffer[] = [];

  u8(v: number, what: string): void {
    this.chunks.push(Buffer.from([check(v, 0xff, what)]));
  }

  u16(v: number, what: string): void {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(check(v, 0xffff, what));
    this.chunks.push(b);
  }

  u32(v: number, what: string): void {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(check(v, 0xffffffff, what));
    this.chunks.push(b);
  }

  bytes(v: Uint8Array): void {
    this.chunks.push(Buffer.from(v));
  }

  ascii(v: string, n: number, what: string): void {
    if (!/^[\x20-\x7e]*$/.test(v) || v.length > n) throw new Gb32960EncodeError(`${what} must be at most ${n} ASCII characters`);
    const b = Buffer.alloc(n);
    b.write(v, 'latin1');
    this.chunks.push(b);
  }

  reading(v: Reading, width: Width, what: string, scale = 1, offset = 0): void {
    const raw = fromReading(v, width, scale, offset, what);
    if (width === 1) this.u8(raw, what);
    else if (width === 2) this.u16(raw, what);
    else this.u32(raw, what);
  }

  time(v: string, what = 'time'): void {
    const m = /^20(\d{2})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
    if (!m) throw new Gb32960EncodeError(`${what} must be "20YY-MM-DD HH:mm:ss", got "${v}"`);
    this.bytes(Buffer.from(m.slice(1).map(Number)));
  }

  done(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function check(v: number, max: number, what: string): number {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new Gb32960EncodeError(`${what} must be an integer in 0..${max}, got ${String(v)}`);
  return v;
}
