import { BoundedReader } from '@openfleet/wire';
import * as iconv from 'iconv-lite';
import { Jt809DecodeError, Jt809EncodeError } from './errors';
import type { Jt809Edition } from './frame';

// A message body is a list of fields; this reads and writes them. Strings are GBK (iconv-lite, the
// house choice), fixed-length ones padded with 0x00 on the right unless said otherwise.

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

export class BodyReader extends BoundedReader {
  constructor(buf: Buffer, pos = 0, end = buf.length) {
    super(buf, pos, end, (message) => new Jt809DecodeError('TRUNCATED', message));
  }

  text(n: number, what: string): string {
    const raw = this.bytes(n, what);
    let end = raw.length;
    while (end > 0 && raw[end - 1] === 0) end--;
    return iconv.decode(raw.subarray(0, end), 'gbk');
  }
}

export class BodyWriter {
  private chunks: Buffer[] = [];

  u8(v: number, what: string): void {
    this.int(v, 0xff, what);
    this.chunks.push(Buffer.from([v]));
  }

  u16(v: number, what: string): void {
    this.int(v, 0xffff, what);
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16BE(v);
    this.chunks.push(b);
  }

  u32(v: number, what: string): void {
    this.int(v, 0xffffffff, what);
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32BE(v);
    this.chunks.push(b);
  }

  time(v: number, what: string): void {
    this.int(v, Number.MAX_SAFE_INTEGER, what);
    const b = Buffer.allocUnsafe(8);
    b.writeBigUInt64BE(BigInt(v));
    this.chunks.push(b);
  }

  bytes(v: Uint8Array): void {
    this.chunks.push(Buffer.from(v));
  }

  text(v: string, n: number, what: string, padLeft?: string): void {
    let raw = iconv.encode(v, 'gbk');
    if (padLeft !== undefined && raw.length < n) raw = Buffer.concat([Buffer.from(padLeft.repeat(n - raw.length), 'latin1'), raw]);
    if (raw.length > n) throw new Jt809EncodeError(`${what} takes at most ${n} bytes, "${v}" is ${raw.length}`);
    const b = Buffer.alloc(n);
    raw.copy(b);
    this.chunks.push(b);
  }

  done(): Buffer {
    return Buffer.concat(this.chunks);
  }

  private int(v: number, max: number, what: string): void {
    if (!Number.isInteger(v) || v < 0 || v > max) throw new Jt809EncodeError(`${what} must be an integer in 0..${max}, got ${String(v)}`);
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function readGnss(r: BodyReader, edition: Jt809Edition): Gnss {
  if (edition === '2019') {
    const encrypt = r.u8('encrypt');
    const data = r.bytes(r.u32('GNSS data length'), 'GNSS data');
    return { encrypt, data, platformId1: r.text(11, 'platform id 1'), alarm1: r.u32('alarm 1'), platformId2: r.text(11, 'platform id 2'), alarm2: r.u32('alarm 2'), platformId3: r.text(11, 'platform id 3'), alarm3: r.u32('alarm 3') };
  }
  const encrypt = r.u8('encrypt');
  const day = r.u8('day');
  const month = r.u8('month');
  const year = r.u16('year');
  const time = `${year}-${pad2(month)}-${pad2(day)} ${pad2(r.u8('hour'))}:${pad2(r.u8('minute'))}:${pad2(r.u8('second'))}`;
  return { encrypt, time, lonE6: r.u32('lon'), latE6: r.u32('lat'), speed: r.u16('vec1'), recorderSpeed: r.u16('vec2'), mileage: r.u32('vec3'), direction: r.u16('direction'), altitude: r.u16('altitude'), state: r.u32('state'), alarm: r.u32('alarm') };
}

function writeGnss(w: BodyWriter, value: Gnss, edition: Jt809Edition): void {
  if (edition === '2019') {
    const g = value as Gnss2019;
    if (!Buffer.isBuffer(g.data)) throw new Jt809EncodeError('a 2019 position carries the 808 location body in `data`');
    w.u8(g.encrypt, 'encrypt');
    w.u32(g.data.length, 'GNSS data length');
    w.bytes(g.data);
    for (const i of [1, 2, 3] as const) {
      w.text(g[`platformId${i}`] ?? '', 11, `platform id ${i}`);
      w.u32(g[`alarm${i}`] ?? 0, `alarm ${i}`);
    }
    return;
  }
  const g = value as Gnss2011;
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(g.time ?? '');
  if (!match) throw new Jt809EncodeError(`position time must be "YYYY-MM-DD HH:mm:ss", got "${String(g.time)}"`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  w.u8(g.encrypt, 'encrypt');
  w.u8(day, 'day');
  w.u8(month, 'month');
  w.u16(year, 'year');
  w.u8(hour, 'hour');
  w.u8(minute, 'minute');
  w.u8(second, 'second');
  w.u32(g.lonE6, 'lon');
  w.u32(g.latE6, 'lat');
  w.u16(g.speed, 'vec1');
  w.u16(g.recorderSpeed, 'vec2');
  w.u32(g.mileage, 'vec3');
  w.u16(g.direction, 'direction');
  w.u16(g.altitude, 'altitude');
  w.u32(g.state, 'state');
  w.u32(g.alarm, 'alarm');
}

export type Body = Record<string, unknown>;

export function readFields(r: BodyReader, fields: readonly Field[], edition: Jt809Edition): Body {
  const out: Body = {};
  for (const [name, kind] of fields) {
    if (kind === 'u8') out[name] = r.u8(name);
    else if (kind === 'u16') out[name] = r.u16(name);
    else if (kind === 'u32') out[name] = r.u32(name);
    else if (kind === 'time') {
      r.need(8, name);
      const v = r.buf.readBigUInt64BE(r.pos);
      r.pos += 8;
      if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Jt809DecodeError('BAD_FIELD', `${name} ${v} is not a time`);
      out[name] = Number(v);
    } else if (kind === 'text32') out[name] = iconv.decode(r.bytes(r.u32(`${name} length`), name), 'gbk');
    else if (kind === 'bytes32') out[name] = r.bytes(r.u32(`${name} length`), name);
    else if (kind === 'textRest') out[name] = iconv.decode(r.bytes(r.end - r.pos, name), 'gbk');
    else if (kind === 'bytesRest') out[name] = r.bytes(r.end - r.pos, name);
    else if (kind === 'gnss') out[name] = readGnss(r, edition);
    else if (kind === 'gnssList') {
      const count = r.u8(`${name} count`);
      out[name] = Array.from({ length: count }, () => readGnss(r, edition));
    } else if ('str' in kind) {
      const text = r.text(kind.str, name);
      out[name] = kind.padLeft !== undefined ? text.replace(new RegExp(`^${kind.padLeft}+(?=.)`), '') : text;
    } else if ('bcd' in kind) out[name] = r.bytes(kind.bcd, name).toString('hex');
    else out[name] = r.bytes(Number(out[kind.bytesOf]), name);
  }
  return out;
}

export function writeFields(w: BodyWriter, fields: readonly Field[], body: Body, edition: Jt809Edition): void {
  const lengths: Record<string, number> = {};
  for (const [name, kind] of fields) if (typeof kind === 'object' && 'bytesOf' in kind) lengths[kind.bytesOf] = (body[name] as Buffer | undefined)?.length ?? 0;
  for (const [name, kind] of fields) {
    const v = body[name];
    if (kind === 'u8') w.u8((lengths[name] ?? v) as number, name);
    else if (kind === 'u16') w.u16((lengths[name] ?? v) as number, name);
    else if (kind === 'u32') w.u32((lengths[name] ?? v) as number, name);
    else if (kind === 'time') w.time(v as number, name);
    else if (kind === 'text32' || kind === 'textRest') {
      const raw = iconv.encode(String(v ?? ''), 'gbk');
      if (kind === 'text32') w.u32(raw.length, `${name} length`);
      w.bytes(raw);
    } else if (kind === 'bytes32' || kind === 'bytesRest') {
      const raw = (v as Buffer | undefined) ?? Buffer.alloc(0);
      if (kind === 'bytes32') w.u32(raw.length, `${name} length`);
      w.bytes(raw);
    } else if (kind === 'gnss') writeGnss(w, v as Gnss, edition);
    else if (kind === 'gnssList') {
      const list = (v as Gnss[] | undefined) ?? [];
      w.u8(list.length, `${name} count`);
      for (const g of list) writeGnss(w, g, edition);
    } else if ('str' in kind) w.text(String(v ?? ''), kind.str, name, kind.padLeft);
    else if ('bcd' in kind) {
      const digits = String(v ?? '').padStart(kind.bcd * 2, '0');
      if (!/^\d+$/.test(digits) || digits.length > kind.bcd * 2) throw new Jt809EncodeError(`${name} takes at most ${kind.bcd * 2} digits`);
      w.bytes(Buffer.from(digits, 'hex'));
    } else w.bytes((v as Buffer | undefined) ?? Buffer.alloc(0));
  }
}
