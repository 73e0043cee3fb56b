import {
  bytesLen,
  bytesOf,
  bytesRest,
  encodeGbk,
  f,
  gbkFixed,
  gbkLen,
  gbkRest,
  lengthOf,
  list,
  mapped,
  Reader,
  struct,
  u16,
  u32,
  u64,
  u8,
  withDefault,
  Writer,
  type CodecErrors,
  type FieldType,
} from '@openfleet/wire';
import { Jt809DecodeError, Jt809EncodeError } from './errors';
import type { Jt809Edition } from './frame';

// A message body is a list of fields, each named by its kind; every kind is one field type of the
// shared schema (@openfleet/wire), so a layout is read, written and skipped from one description.
// The catalogue (messages.ts) keeps the short `[name, kind]` tuples. Strings are GBK, fixed-length
// ones padded with 0x00 on the right unless said otherwise.

export type FieldKind =
  | 'u8'
  | 'u16'
  | 'u32'
  /** UTC seconds as an 8-byte integer (the standard's time_t). */
  | 'time'
  /** GBK, fixed length, 0x00 padding on the right (trimmed when read). */
  | { str: number; padLeft?: string }
  /** BCD digits in n bytes. */
  | { bcd: number }
  /** DWORD length, then GBK text. */
  | 'text32'
  /** DWORD length, then bytes. */
  | 'bytes32'
  /** The rest of the body as GBK text. */
  | 'textRest'
  /** The rest of the body as bytes. */
  | 'bytesRest'
  /** Bytes whose length is the value of an earlier field (filled in when encoding). */
  | { bytesOf: string }
  /** A vehicle position in the edition's layout. */
  | 'gnss'
  /** BYTE count, then that many positions. */
  | 'gnssList';

export type Field = readonly [name: string, kind: FieldKind];

/** 2011: a 36-byte position. */
export interface Gnss2011 {
  encrypt: number;
  /** "YYYY-MM-DD HH:mm:ss" as the terminal reported it (China time). */
  time: string;
  /** 1e-6 degrees. */
  lonE6: number;
  latE6: number;
  /** km/h. */
  speed: number;
  recorderSpeed: number;
  /** km. */
  mileage: number;
  direction: number;
  altitude: number;
  state: number;
  alarm: number;
}

/** 2019: the JT/T 808 0x0200 body as the terminal sent it, and up to three platforms' alarm words. */
export interface Gnss2019 {
  encrypt: number;
  /** The 808 location body. */
  data: Buffer;
  platformId1: string;
  alarm1: number;
  platformId2: string;
  alarm2: number;
  platformId3: string;
  alarm3: number;
}

export type Gnss = Gnss2011 | Gnss2019;

export type Body = Record<string, unknown>;

export const JT809_ERRORS: CodecErrors = {
  truncated: (message) => new Jt809DecodeError('TRUNCATED', `data ${message}`),
  invalid: (message) => new Jt809DecodeError('BAD_FIELD', message),
  encode: (message) => new Jt809EncodeError(message),
};

export const bodyReader = (buf: Buffer, pos = 0, end = buf.length): Reader => new Reader(buf, pos, end, JT809_ERRORS);
export const bodyWriter = (): Writer => new Writer(256, JT809_ERRORS);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 2011 position time: BYTE day, BYTE month, WORD year, BYTE hour, minute, second, as "YYYY-MM-DD HH:mm:ss". */
const dayFirstTime: FieldType<string> = {
  read: (r) => {
    const day = r.u8('day');
    const month = r.u8('month');
    const year = r.u16('year');
    return `${year}-${pad2(month)}-${pad2(day)} ${pad2(r.u8('hour'))}:${pad2(r.u8('minute'))}:${pad2(r.u8('second'))}`;
  },
  write: (w, v) => {
    const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v ?? '');
    if (!match) throw new Jt809EncodeError(`position time must be "YYYY-MM-DD HH:mm:ss", got "${String(v)}"`);
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
    w.u8(day, 'day');
    w.u8(month, 'month');
    w.u16(year, 'year');
    w.u8(hour, 'hour');
    w.u8(minute, 'minute');
    w.u8(second, 'second');
  },
  size: 7,
};

const gnss2011 = struct<Gnss2011>([
  f('encrypt', u8), f('time', dayFirstTime), f('lonE6', u32), f('latE6', u32), f('speed', u16), f('recorderSpeed', u16),
  f('mileage', u32), f('direction', u16), f('altitude', u16), f('state', u32), f('alarm', u32),
]);

const platformId = withDefault(gbkFixed(11), '');
const platformAlarm = withDefault(u32, 0);
const locationBody = mapped(bytesLen(4), (data) => data, (data: Buffer, w) => {
  if (!Buffer.isBuffer(data)) throw w.errors.encode('a 2019 position carries the 808 location body in `data`');
  return data;
});
const gnss2019 = struct<Gnss2019>([
  f('encrypt', u8), f('data', locationBody),
  f('platformId1', platformId), f('alarm1', platformAlarm), f('platformId2', platformId), f('alarm2', platformAlarm), f('platformId3', platformId), f('alarm3', platformAlarm),
]);

/** A vehicle position in the edition's layout. */
const gnss: FieldType<Gnss, Jt809Edition> = {
  read: (r, edition, parent) => (edition === '2019' ? gnss2019 : gnss2011).read(r, edition, parent),
  write: (w, v, edition, parent) => (edition === '2019' ? gnss2019.write(w, v as Gnss2019, edition, parent) : gnss2011.write(w, v as Gnss2011, edition, parent)),
};

/** Fixed-length GBK; with `padLeft`, filled on the left with that character and read back without it. */
function text(n: number, padLeft?: string): FieldType<string> {
  if (padLeft === undefined) return gbkFixed(n);
  const strip = new RegExp(`^${padLeft}+(?=.)`);
  return mapped(gbkFixed(n), (s) => s.replace(strip, ''), (v: string) => {
    const s = String(v ?? '');
    const length = encodeGbk(s).length;
    return length < n ? padLeft.repeat(n - length) + s : s;
  });
}

/** BCD digits in n bytes, left-padded with zeros. */
function bcd(n: number): FieldType<string> {
  return {
    read: (r) => r.hex(n),
    write: (w, v) => {
      const digits = String(v ?? '').padStart(n * 2, '0');
      if (!/^\d+$/.test(digits) || digits.length > n * 2) throw new Jt809EncodeError(`takes at most ${n * 2} digits`);
      w.hex(digits);
    },
    size: n,
  };
}

const KINDS: Record<Extract<FieldKind, string>, FieldType<unknown, Jt809Edition>> = {
  u8,
  u16,
  u32,
  time: u64,
  text32: gbkLen(4),
  bytes32: bytesLen(4),
  textRest: gbkRest,
  bytesRest,
  gnss,
  gnssList: list(1, gnss),
};

function typeOf(kind: FieldKind): FieldType<unknown, Jt809Edition> {
  if (typeof kind === 'string') return KINDS[kind];
  if ('str' in kind) return text(kind.str, kind.padLeft);
  if ('bcd' in kind) return bcd(kind.bcd);
  return bytesOf(kind.bytesOf);
}

/** One layout as a field type of the schema; a field that a `bytesOf` names is written from those bytes' length. */
export function layoutType(fields: readonly Field[]): FieldType<Body, Jt809Edition> {
  const lengthFor = new Map<string, string>();
  for (const [name, kind] of fields) if (typeof kind === 'object' && 'bytesOf' in kind) lengthFor.set(kind.bytesOf, name);
  return struct<Body, Jt809Edition>(
    fields.map(([name, kind]) => {
      const of = lengthFor.get(name);
      return f(name, of && (kind === 'u8' || kind === 'u16' || kind === 'u32') ? lengthOf(kind === 'u8' ? 1 : kind === 'u16' ? 2 : 4, of) : typeOf(kind));
    }),
  );
}
