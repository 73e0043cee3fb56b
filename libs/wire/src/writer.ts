import { WIRE_ERRORS, type CodecErrors } from './errors';
import { encodeGbk } from './text';

/**
 * Growable big-endian byte writer: one buffer, doubled when full, instead of a chunk per field.
 * Every value is range-checked and refused through the codec's own {@link CodecErrors}.
 */
export class Writer {
  buf: Buffer;
  pos = 0;

  constructor(
    size = 256,
    readonly errors: CodecErrors = WIRE_ERRORS,
  ) {
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

  /** Refuses anything but an integer in 0..max. */
  checkInt(v: number, max: number, what: string): void {
    if (!Number.isInteger(v) || v < 0 || v > max)
      throw this.errors.encode(`${what} must be an integer in 0..${max}, got ${String(v)}`);
  }

  u8(v: number, what = 'BYTE'): void {
    this.checkInt(v, 0xff, what);
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u16(v: number, what = 'WORD'): void {
    this.checkInt(v, 0xffff, what);
    this.ensure(2);
    this.buf[this.pos++] = v >>> 8;
    this.buf[this.pos++] = v & 0xff;
  }

  u32(v: number, what = 'DWORD'): void {
    this.checkInt(v, 0xffffffff, what);
    this.ensure(4);
    const b = this.buf;
    b[this.pos++] = v >>> 24;
    b[this.pos++] = (v >>> 16) & 0xff;
    b[this.pos++] = (v >>> 8) & 0xff;
    b[this.pos++] = v & 0xff;
  }

  u64(v: number, what = 'QWORD'): void {
    this.checkInt(v, Number.MAX_SAFE_INTEGER, what);
    this.u32(Math.floor(v / 0x1_0000_0000), what);
    this.u32(v % 0x1_0000_0000, what);
  }

  raw(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /** Hex digits; `size` (bytes) left-pads with zeros for BCD fields and rejects longer input. */
  hex(s: string, size?: number, what = 'hex'): void {
    if (typeof s !== 'string' || !/^[0-9a-fA-F]*$/.test(s))
      throw this.errors.encode(`${what} must be a hex/BCD digit string`);
    if (s.length % 2 !== 0) {
      if (size === undefined) throw this.errors.encode(`${what} must have an even number of hex digits`);
      s = '0' + s;
    }
    const n = s.length >> 1;
    if (size !== undefined) {
      if (n > size) throw this.errors.encode(`${what} is longer than ${size} bytes`);
      this.ensure(size);
      this.buf.fill(0, this.pos, this.pos + size - n);
      this.pos += size - n;
    }
    this.ensure(n);
    this.pos += this.buf.write(s, this.pos, 'hex');
  }

  /** GBK into a fixed-size field, padded with 0x00. */
  gbkFixed(s: string, size: number, what = 'STRING'): void {
    this.fixed(encodeGbk(s), size, what);
  }

  /** GBK with no length of its own; returns the bytes written. */
  gbk(s: string): number {
    const bytes = encodeGbk(s);
    this.raw(bytes);
    return bytes.length;
  }

  /** Printable ASCII into a fixed-size field, padded with 0x00 (VINs, ICCIDs, names). */
  latin1Fixed(s: string, size: number, what = 'STRING'): void {
    if (typeof s !== 'string' || !/^[\x20-\x7e]*$/.test(s))
      throw this.errors.encode(`${what} must be printable ASCII`);
    this.fixed(Buffer.from(s, 'latin1'), size, what);
  }

  /** Reserves room for a length prefix written later with {@link patchU8}/{@link patchU16}/{@link patchU32}. */
  skip(n: number): number {
    this.ensure(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  patchU8(at: number, v: number, what = 'length'): void {
    this.checkInt(v, 0xff, what);
    this.buf[at] = v;
  }

  patchU16(at: number, v: number, what = 'length'): void {
    this.checkInt(v, 0xffff, what);
    this.buf[at] = v >>> 8;
    this.buf[at + 1] = v & 0xff;
  }

  patchU32(at: number, v: number, what = 'length'): void {
    this.checkInt(v, 0xffffffff, what);
    this.buf.writeUInt32BE(v, at);
  }

  toBuffer(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }

  private fixed(bytes: Buffer, size: number, what: string): void {
    if (bytes.length > size)
      throw this.errors.encode(`${what} takes at most ${size} bytes, got ${bytes.length}`);
    this.ensure(size);
    this.buf.set(bytes, this.pos);
    this.buf.fill(0, this.pos + bytes.length, this.pos + size);
    this.pos += size;
  }
}
