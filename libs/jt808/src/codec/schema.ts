// A small declarative layer: most JT/T 808 bodies are flat sequences of fixed-size fields,
// so each message is described once and both directions come from the same description.
import { Jt808DecodeError, Jt808EncodeError } from '../errors';
import type { CodecContext } from '../types';
import type { Reader } from './reader';
import type { Writer } from './writer';

export type Obj = Record<string, unknown>;

export interface FieldType<V> {
  read(r: Reader, ctx: CodecContext, parent: Obj): V;
  write(w: Writer, v: V, ctx: CodecContext, parent: Obj): void;
}

export interface FieldSpec {
  key: string;
  type: FieldType<unknown>;
  /** Field present only when this holds (evaluated on the fields decoded so far). */
  when?: (obj: Obj, ctx: CodecContext) => boolean;
  /** Trailing field some terminals omit: absent on decode when no bytes remain, skipped on encode when undefined. */
  optional?: boolean;
}

export const u8: FieldType<number> = { read: (r) => r.u8(), write: (w, v) => w.u8(v) };
export const u16: FieldType<number> = { read: (r) => r.u16(), write: (w, v) => w.u16(v) };
export const u32: FieldType<number> = { read: (r) => r.u32(), write: (w, v) => w.u32(v) };

/** BCD[n] kept as its digits, e.g. times 'YYMMDDhhmmss'. */
export function bcd(n: number): FieldType<string> {
  return { read: (r) => r.bcd(n), write: (w, v) => w.hex(v, n, `BCD[${n}]`) };
}
export const bcdTime = bcd(6);

/** BYTE[n] as hex. */
export function hexFixed(n: number): FieldType<string> {
  return {
    read: (r) => r.hex(n),
    write: (w, v) => {
      if (typeof v !== 'string' || v.length !== n * 2)
        throw new Jt808EncodeError(`expected ${n} bytes of hex`);
      w.hex(v);
    },
  };
}

/** Everything up to the end of the body, as hex. */
export const hexRest: FieldType<string> = { read: (r) => r.restHex(), write: (w, v) => w.hex(v) };

export function gbkFixed(n: number): FieldType<string> {
  return { read: (r) => r.gbkFixed(n), write: (w, v) => w.gbkFixed(v, n) };
}

/** GBK text up to the end of the body. */
export const gbkRest: FieldType<string> = { read: (r) => r.gbk(r.remaining), write: (w, v) => void w.gbk(v) };

type LengthWidth = 1 | 2 | 4;

function readLength(r: Reader, width: LengthWidth): number {
  return width === 1 ? r.u8('length') : width === 2 ? r.u16('length') : r.u32('length');
}

function lengthPrefixed<V>(
  width: LengthWidth,
  read: (r: Reader, n: number) => V,
  write: (w: Writer, v: V) => void,
): FieldType<V> {
  return {
    read: (r) => read(r, readLength(r, width)),
    write: (w, v) => {
      const at = w.skip(width);
      const start = w.pos;
      write(w, v);
      const n = w.pos - start;
      if (width === 1) w.patchU8(at, n);
      else if (width === 2) w.patchU16(at, n);
      else w.patchU32(at, n);
    },
  };
}

/** GBK text preceded by its byte length (BYTE, WORD or DWORD). */
export function gbkLen(width: LengthWidth): FieldType<string> {
  return lengthPrefixed(
    width,
    (r, n) => r.gbk(n),
    (w, v) => void w.gbk(v),
  );
}

/** Bytes preceded by their length, as hex. */
export function hexLen(width: LengthWidth): FieldType<string> {
  return lengthPrefixed(
    width,
    (r, n) => r.hex(n),
    (w, v) => w.hex(v),
  );
}

/** A count (BYTE, WORD or DWORD) followed by that many items; the count is derived from the array on encode. */
export function list<V>(width: LengthWidth, item: FieldType<V>): FieldType<V[]> {
  return {
    read: (r, ctx, parent) => {
      const n = readLength(r, width);
      // Each item takes at least one byte: a count larger than what remains is a bad frame, not a huge loop.
      if (n > r.remaining)
        throw new Jt808DecodeError('TRUNCATED', `count ${n} exceeds the ${r.remaining} bytes left`);
      const out: V[] = [];
      for (let i = 0; i < n; i++) out.push(item.read(r, ctx, parent));
      return out;
    },
    write: (w, v, ctx, parent) => {
      if (!Array.isArray(v)) throw new Jt808EncodeError('expected an array');
      if (width === 1) w.u8(v.length, 'count');
      else if (width === 2) w.u16(v.length, 'count');
      else w.u32(v.length, 'count');
      for (const x of v) item.write(w, x, ctx, parent);
    },
  };
}

/** Items until the end of the body, no count. */
export function listRest<V>(item: FieldType<V>): FieldType<V[]> {
  return {
    read: (r, ctx, parent) => {
      const out: V[] = [];
      while (r.remaining > 0) out.push(item.read(r, ctx, parent));
      return out;
    },
    write: (w, v, ctx, parent) => {
      for (const x of v) item.write(w, x, ctx, parent);
    },
  };
}

export function struct<T>(fields: FieldSpec[]): FieldType<T> {
  return {
    read: (r, ctx) => {
      const obj: Obj = {};
      for (const f of fields) {
        if (f.when && !f.when(obj, ctx)) continue;
        if (f.optional && r.remaining === 0) continue;
        obj[f.key] = f.type.read(r, ctx, obj);
      }
      return obj as T;
    },
    write: (w, v, ctx) => {
      if (typeof v !== 'object' || v === null) throw new Jt808EncodeError('expected an object');
      const obj = v as Obj;
      for (const f of fields) {
        if (f.when && !f.when(obj, ctx)) continue;
        const x = obj[f.key];
        if (f.optional && x === undefined) continue;
        f.type.write(w, x, ctx, obj);
      }
    },
  };
}

/** Picks the layout by edition; a missing edition falls back to the next newer one. */
export function byVersion<V>(types: {
  '2011'?: FieldType<V>;
  '2013'?: FieldType<V>;
  '2019': FieldType<V>;
}): FieldType<V> {
  const pick = (ctx: CodecContext): FieldType<V> =>
    (ctx.version === '2011'
      ? (types['2011'] ?? types['2013'])
      : ctx.version === '2013'
        ? types['2013']
        : undefined) ?? types['2019'];
  return {
    read: (r, ctx, parent) => pick(ctx).read(r, ctx, parent),
    write: (w, v, ctx, parent) => pick(ctx).write(w, v, ctx, parent),
  };
}

export const is2019 = (_: Obj, ctx: CodecContext): boolean => ctx.version === '2019';
export const isNot2019 = (_: Obj, ctx: CodecContext): boolean => ctx.version !== '2019';

export function f(
  key: string,
  type: FieldType<unknown>,
  opts: Omit<FieldSpec, 'key' | 'type'> = {},
): FieldSpec {
  return { key, type, ...opts };
}
