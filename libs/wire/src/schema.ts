// Describe once, both directions: a body is a list of named fields, each a FieldType that reads and
// writes itself, so a layout is written once and decoding, encoding and skipping all come from it.
// `C` is the codec's context (an edition, a version) passed through to conditions and field types.
import type { Reader } from './reader';
import type { Writer } from './writer';

export type Obj = Record<string, unknown>;

export interface FieldType<V, C = unknown> {
  read(r: Reader, ctx: C, parent: Obj): V;
  write(w: Writer, v: V, ctx: C, parent: Obj): void;
  /** Bytes the field always takes, when that does not depend on its content. */
  size?: number;
  /** Moves past the field, checking it, without building its value (defaults to read). */
  skip?(r: Reader, ctx: C, parent: Obj): void;
}

export interface FieldSpec<C = unknown> {
  key: string;
  type: FieldType<unknown, C>;
  /** Field present only when this holds (evaluated on the fields decoded so far). */
  when?: (obj: Obj, ctx: C) => boolean;
  /** Trailing field some senders omit: absent on decode when no bytes remain, skipped on encode when undefined. */
  optional?: boolean;
}

export function f<C = unknown>(
  key: string,
  type: FieldType<unknown, C>,
  opts: Omit<FieldSpec<C>, 'key' | 'type'> = {},
): FieldSpec<C> {
  return { key, type, ...opts };
}

/** Moves past one field: by its size, its own skip, or by reading it. */
export function skipField<C>(type: FieldType<unknown, C>, r: Reader, ctx: C, parent: Obj): void {
  if (type.size !== undefined) r.skip(type.size, 'field');
  else if (type.skip) type.skip(r, ctx, parent);
  else type.read(r, ctx, parent);
}

export const u8: FieldType<number> = { read: (r) => r.u8(), write: (w, v) => w.u8(v), size: 1 };
export const u16: FieldType<number> = { read: (r) => r.u16(), write: (w, v) => w.u16(v), size: 2 };
export const u32: FieldType<number> = { read: (r) => r.u32(), write: (w, v) => w.u32(v), size: 4 };
/** 8-byte unsigned integer (e.g. UTC seconds as time_t), refused past 2^53. */
export const u64: FieldType<number> = { read: (r) => r.u64(), write: (w, v) => w.u64(v), size: 8 };

/** BCD[n] kept as its digits, e.g. times 'YYMMDDhhmmss'. */
export function bcd(n: number): FieldType<string> {
  return { read: (r) => r.bcd(n), write: (w, v) => w.hex(v, n, `BCD[${n}]`), size: n };
}

/** BYTE[n] as hex. */
export function hexFixed(n: number): FieldType<string> {
  return {
    read: (r) => r.hex(n),
    write: (w, v) => {
      if (typeof v !== 'string' || v.length !== n * 2) throw w.errors.encode(`expected ${n} bytes of hex`);
      w.hex(v);
    },
    size: n,
  };
}

/** Everything up to the end of the body, as hex. */
export const hexRest: FieldType<string> = { read: (r) => r.restHex(), write: (w, v) => w.hex(v) };

/** BYTE[n] as a Buffer (a copy). */
export function bytesFixed(n: number): FieldType<Buffer> {
  return {
    read: (r) => r.bytes(n),
    write: (w, v) => {
      if (!Buffer.isBuffer(v) || v.length !== n) throw w.errors.encode(`expected ${n} bytes`);
      w.raw(v);
    },
    size: n,
  };
}

/** Writes bytes, or nothing for a missing value; anything else is refused. */
function writeBytes(w: Writer, v: Uint8Array | undefined): void {
  if (v === undefined) return;
  if (!(v instanceof Uint8Array)) throw w.errors.encode('expected bytes (a Buffer)');
  w.raw(v);
}

/** Everything up to the end of the body, as a Buffer; a missing value writes nothing. */
export const bytesRest: FieldType<Buffer> = { read: (r) => r.bytes(r.remaining), write: writeBytes };

/** Fixed-size GBK text, 0x00 padded. */
export function gbkFixed(n: number): FieldType<string> {
  return { read: (r) => r.gbkFixed(n), write: (w, v) => w.gbkFixed(String(v ?? ''), n), size: n };
}

/** GBK text up to the end of the body. */
export const gbkRest: FieldType<string> = {
  read: (r) => r.gbk(r.remaining),
  write: (w, v) => void w.gbk(String(v ?? '')),
};

/** Fixed-size printable ASCII, 0x00 padded (VINs, ICCIDs). */
export function latin1Fixed(n: number): FieldType<string> {
  return { read: (r) => r.latin1Fixed(n), write: (w, v) => w.latin1Fixed(v, n), size: n };
}

export type LengthWidth = 1 | 2 | 4;

function readLength(r: Reader, width: LengthWidth): number {
  return width === 1 ? r.u8('length') : width === 2 ? r.u16('length') : r.u32('length');
}

function writeCount(w: Writer, width: LengthWidth, n: number): void {
  if (width === 1) w.u8(n, 'count');
  else if (width === 2) w.u16(n, 'count');
  else w.u32(n, 'count');
}

/** A value preceded by its byte length; the length is patched in after the value is written. */
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
    skip: (r) => r.skip(readLength(r, width), 'length-prefixed field'),
  };
}

/** GBK text preceded by its byte length (BYTE, WORD or DWORD). */
export function gbkLen(width: LengthWidth): FieldType<string> {
  return lengthPrefixed(
    width,
    (r, n) => r.gbk(n),
    (w, v) => void w.gbk(String(v ?? '')),
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

/** Bytes preceded by their length, as a Buffer; a missing value writes a zero length. */
export function bytesLen(width: LengthWidth): FieldType<Buffer> {
  return lengthPrefixed(width, (r, n) => r.bytes(n), writeBytes);
}

/**
 * An integer field that carries the byte length of a later Buffer field `of`: written from that
 * field's length, so callers never keep the two in step by hand. Read back with {@link bytesOf}.
 */
export function lengthOf(width: LengthWidth, of: string): FieldType<number> {
  return {
    read: (r) => readLength(r, width),
    write: (w, _v, _ctx, parent) => writeCount(w, width, (parent[of] as Buffer | undefined)?.length ?? 0),
    size: width,
  };
}

/** Bytes whose length is the value of an earlier field `lengthKey` ({@link lengthOf}). */
export function bytesOf(lengthKey: string): FieldType<Buffer> {
  return {
    read: (r, _ctx, parent) => r.bytes(Number(parent[lengthKey]), lengthKey),
    write: writeBytes,
  };
}

export interface ListOptions {
  /** The protocol's limit on the count; more is a bad field (decoding) or refused (encoding). */
  max?: number;
}

/** A count (BYTE, WORD or DWORD) followed by that many items; the count is derived from the array on encode. */
export function list<V, C = unknown>(
  width: LengthWidth,
  item: FieldType<V, C>,
  { max }: ListOptions = {},
): FieldType<V[], C> {
  const count = (r: Reader): number => {
    const n = readLength(r, width);
    if (max !== undefined && n > max) throw r.errors.invalid(`count ${n} exceeds the limit of ${max}`);
    // Each item takes at least one byte: a count larger than what remains is a bad frame, not a huge loop.
    if (n > r.remaining) throw r.errors.truncated(`ends before ${n} items (${r.remaining} bytes left)`);
    return n;
  };
  return {
    read: (r, ctx, parent) => {
      const n = count(r);
      const out: V[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = item.read(r, ctx, parent);
      return out;
    },
    write: (w, v, ctx, parent) => {
      if (!Array.isArray(v)) throw w.errors.encode('expected an array');
      if (max !== undefined && v.length > max) throw w.errors.encode(`${v.length} items, at most ${max}`);
      writeCount(w, width, v.length);
      for (const x of v) item.write(w, x, ctx, parent);
    },
    skip: (r, ctx, parent) => {
      const n = count(r);
      if (item.size !== undefined) r.skip(n * item.size, 'list items');
      else for (let i = 0; i < n; i++) skipField(item, r, ctx, parent);
    },
  };
}

/** Items until the end of the body, no count. */
export function listRest<V, C = unknown>(item: FieldType<V, C>): FieldType<V[], C> {
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

/** A field type whose value is converted on the way in and out (scales, sentinels, dates). */
export function mapped<R, V, C = unknown>(
  base: FieldType<R, C>,
  decode: (raw: R, r: Reader) => V,
  encode: (v: V, w: Writer) => R,
): FieldType<V, C> {
  return {
    read: (r, ctx, parent) => decode(base.read(r, ctx, parent), r),
    write: (w, v, ctx, parent) => base.write(w, encode(v, w), ctx, parent),
    size: base.size,
    skip: base.skip,
  };
}

/** A field written as `value` when the object leaves it out (decoding is unchanged). */
export function withDefault<V, C = unknown>(base: FieldType<V, C>, value: V): FieldType<V, C> {
  return { ...base, write: (w, v, ctx, parent) => base.write(w, v ?? value, ctx, parent) };
}

/** The fields in order as one object; its size is known when every field's is and none is conditional. */
export function struct<T, C = unknown>(fields: FieldSpec<C>[]): FieldType<T, C> {
  const fixed = fields.every((x) => x.type.size !== undefined && !x.when && !x.optional);
  const conditional = fields.some((x) => x.when);
  const type: FieldType<T, C> = {
    read: (r, ctx) => {
      const obj: Obj = {};
      for (const x of fields) {
        if (x.when && !x.when(obj, ctx)) continue;
        if (x.optional && r.remaining === 0) continue;
        obj[x.key] = x.type.read(r, ctx, obj);
      }
      return obj as T;
    },
    write: (w, v, ctx) => {
      if (typeof v !== 'object' || v === null) throw w.errors.encode('expected an object');
      const obj = v as Obj;
      for (const x of fields) {
        if (x.when && !x.when(obj, ctx)) continue;
        const value = obj[x.key];
        if (x.optional && value === undefined) continue;
        x.type.write(w, value, ctx, obj);
      }
    },
    size: fixed ? fields.reduce((n, x) => n + x.type.size!, 0) : undefined,
    skip: (r, ctx, parent) => {
      // A condition may look at earlier fields: such a layout is read, the others only skipped.
      if (conditional) return void type.read(r, ctx, parent);
      for (const x of fields) {
        if (x.optional && r.remaining === 0) continue;
        skipField(x.type, r, ctx, parent);
      }
    },
  };
  return type;
}
