import { Reader, Writer, type CodecErrors, type FieldType } from '@openfleet/wire';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';

// The field types GB/T 32960 and HJ 1239 add to @openfleet/wire's schema: scaled readings with
// their sentinels and the BYTE[6] China time. Layouts are described once with them (units.ts, hj1239.ts).

/** A measured value: scaled and offset, or the standard's sentinel kept as such. */
export type Reading = number | 'abnormal' | 'invalid';

type Width = 1 | 2 | 4;
const MAX: Record<Width, number> = { 1: 0xff, 2: 0xffff, 4: 0xffffffff };

export const GB32960_ERRORS: CodecErrors = {
  truncated: (message) => new Gb32960DecodeError('TRUNCATED', `data ${message}`),
  invalid: (message) => new Gb32960DecodeError('BAD_FIELD', message),
  encode: (message) => new Gb32960EncodeError(message),
};

export const reader = (data: Buffer): Reader => new Reader(data, 0, data.length, GB32960_ERRORS);
export const writer = (): Writer => new Writer(256, GB32960_ERRORS);

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

/** A measured value of `width` bytes: raw × scale + offset, or 'abnormal'/'invalid'. */
export function reading(width: Width, scale = 1, offset = 0): FieldType<Reading> {
  return {
    read: (r) => toReading(width === 1 ? r.u8() : width === 2 ? r.u16() : r.u32(), width, scale, offset),
    write: (w, v) => {
      const raw = fromReading(v, width, scale, offset);
      if (width === 1) w.u8(raw);
      else if (width === 2) w.u16(raw);
      else w.u32(raw);
    },
    size: width,
  };
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** BYTE[6] year-2000, month, day, hour, minute, second (China time, as the terminal sent it), as "20YY-MM-DD HH:mm:ss". */
export const time: FieldType<string> = {
  read: (r) => {
    // Read in place (every report passes here twice: the gateway's check and the ingest's decode).
    r.need(6, 'time');
    const b = r.buf;
    const at = r.pos;
    const y = b[at]!, mo = b[at + 1]!, d = b[at + 2]!, h = b[at + 3]!, mi = b[at + 4]!, s = b[at + 5]!;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) throw new Gb32960DecodeError('BAD_FIELD', `time ${[y, mo, d, h, mi, s].join(',')} is not a date`);
    r.pos += 6;
    return `${2000 + y}-${TWO_DIGITS[mo]}-${TWO_DIGITS[d]} ${TWO_DIGITS[h]}:${TWO_DIGITS[mi]}:${TWO_DIGITS[s]}`;
  },
  write: (w, v) => {
    const m = /^20(\d{2})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
    if (!m) throw new Gb32960EncodeError(`time must be "20YY-MM-DD HH:mm:ss", got "${v}"`);
    for (let i = 1; i <= 6; i++) w.u8(Number(m[i]), 'time');
  },
  size: 6,
};

/** Decodes a whole body with `type`; bytes left after it are a LENGTH_MISMATCH. */
export function decodeWhole<T>(type: FieldType<T>, data: Buffer, what: string): T {
  const r = reader(data);
  const value = type.read(r, undefined, {});
  if (r.remaining !== 0) throw new Gb32960DecodeError('LENGTH_MISMATCH', `${what}: ${r.remaining} bytes after the data`);
  return value;
}

export function encodeWith<T>(type: FieldType<T>, value: T): Buffer {
  const w = writer();
  type.write(w, value, undefined, {});
  return w.toBuffer();
}
