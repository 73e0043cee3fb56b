import { Jt808EncodeError } from '../errors';
import { encodeGbk } from './text';

function checkInt(v: number, max: number, what: string): void {
  if (!Number.isInteger(v) || v < 0 || v > max) {
    throw new Jt808EncodeError(`${what} must be an integer in 0..${max}, got ${String(v)}`);
  }
}

/** Growable big-endian byte writer. */
export class Writer {
  buf: Buffer;
  pos = 0;

  constructor(size = 256) {
    this.buf = Buffer.allocUnsafe(size);
  }

  reset(): this {
    this.pos = 0;
    return this;
  }

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  u8(v: number, what = 'BYTE'): void {
    checkInt(v, 0xff, what);
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u16(v: number, what = 'WORD'): void {
    checkInt(v, 0xffff, what);
    this.ensure(2);
    this.buf[this.pos++] = v >>> 8;
    this.buf[this.pos++] = v & 0xff;
  }

  u32(v: number, what = 'DWORD'): void {
    checkInt(v, 0xffffffff, what);
    this.ensure(4);
    const b = this.buf;
    b[this.pos++] = v >>> 24;
    b[this.pos++] = (v >>> 16) & 0xff;
    b[this.pos++] = (v >>> 8) & 0xff;
    b[this.pos++] = v & 0xff;
  }

  raw(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /** Hex digits; `size` (bytes) left-pads with zeros for BCD fields and rejects longer input. */
  hex(s: string, size?: number, what = 'hex'): void {
    if (typeof s !== 'string' || !/^[0-9a-fA-F]*$/.test(s)) {
      throw new Jt808EncodeError(`${what} must be a hex/BCD digit string`);
    }
    if (s.length % 2 !== 0) {
      if (size === undefined) throw new Jt808EncodeError(`${what} must have an even number of hex digits`);
      s = '0' + s;
    }
    const n = s.length >> 1;
    if (size !== undefined) {
      if (n > size) throw new Jt808EncodeError(`${what} is longer than ${size} bytes`);
      this.ensure(size);
      this.buf.fill(0, this.pos, this.pos + size - n);
      this.pos += size - n;
    }
    this.ensure(n);
    this.pos += this.buf.write(s, this.pos, 'hex');
  }

  /** GBK into a fixed-size field, padded with 0x00. */
  gbkFixed(s: string, size: number, what = 'STRING'): void {
    const bytes = encodeGbk(s);
    if (bytes.length > size) throw new Jt808EncodeError(`${what} is longer than ${size} bytes`);
    this.ensure(size);
    this.buf.set(bytes, this.pos);
    this.buf.fill(0, this.pos + bytes.length, this.pos + size);
    this.pos += size;
  }

  gbk(s: string): number {
    const bytes = encodeGbk(s);
    this.raw(bytes);
    return bytes.length;
  }

  /** Reserves room for a length prefix written later with {@link patchU8}/{@link patchU16}. */
  skip(n: number): number {
    this.ensure(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  patchU8(at: number, v: number, what = 'length'): void {
    checkInt(v, 0xff, what);
    this.buf[at] = v;
  }

  patchU16(at: number, v: number, what = 'length'): void {
    checkInt(v, 0xffff, what);
    this.buf[at] = v >>> 8;
    this.buf[at + 1] = v & 0xff;
  }

  patchU32(at: number, v: number, what = 'length'): void {
    checkInt(v, 0xffffffff, what);
    this.buf.writeUInt32BE(v, at);
  }

  toBuffer(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }
}
