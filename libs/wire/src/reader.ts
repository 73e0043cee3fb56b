import { WIRE_ERRORS, type CodecErrors } from './errors';
import { decodeGbk, hexOf } from './text';

/**
 * The one bounds-checked big-endian cursor of the protocol codecs (JT/T 808, 809, GB/T 32960, HJ 1239).
 * Every read checks the end and fails through the codec's own {@link CodecErrors}. The bound check is
 * inlined and integers are assembled from bytes: measured faster than a `need()` call plus
 * `readUInt16BE` (docs/benchmarks.md, "Codecs").
 */
export class Reader {
  constructor(
    readonly buf: Buffer,
    public pos = 0,
    public end = buf.length,
    readonly errors: CodecErrors = WIRE_ERRORS,
  ) {}

  get remaining(): number {
    return this.end - this.pos;
  }

  need(n: number, what: string): void {
    if (this.pos + n > this.end)
      throw this.errors.truncated(`ends before ${what} (${n} bytes needed, ${this.end - this.pos} left)`);
  }

  u8(what = 'BYTE'): number {
    if (this.pos >= this.end) this.need(1, what);
    return this.buf[this.pos++];
  }

  u16(what = 'WORD'): number {
    if (this.pos + 2 > this.end) this.need(2, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return (b[p] << 8) | b[p + 1];
  }

  u32(what = 'DWORD'): number {
    if (this.pos + 4 > this.end) this.need(4, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
  }

  /** An 8-byte unsigned integer; values past 2^53 are refused rather than rounded. */
  u64(what = 'QWORD'): number {
    const hi = this.u32(what);
    const lo = this.u32(what);
    if (hi > 0x1fffff)
      throw this.errors.invalid(
        `${what} 0x${hi.toString(16)}${lo.toString(16).padStart(8, '0')} exceeds 2^53`,
      );
    return hi * 0x1_0000_0000 + lo;
  }

  /** Moves past `n` bytes without reading them. */
  skip(n: number, what = 'bytes'): void {
    this.need(n, what);
    this.pos += n;
  }

  /** A copy of the next `n` bytes (the frame's buffer may be a view of a reused chunk). */
  bytes(n: number, what = 'bytes'): Buffer {
    this.need(n, what);
    const out = Buffer.from(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }

  hex(n: number, what = 'bytes'): string {
    this.need(n, what);
    const s = hexOf(this.buf, this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  restHex(): string {
    return this.hex(this.end - this.pos);
  }

  /** BCD digits as sent (non-decimal nibbles come out as hex letters rather than failing). */
  bcd(n: number, what = 'BCD'): string {
    return this.hex(n, what);
  }

  /** Fixed-size GBK field; trailing 0x00 padding is dropped. */
  gbkFixed(n: number, what = 'STRING'): string {
    this.need(n, what);
    let e = this.pos + n;
    while (e > this.pos && this.buf[e - 1] === 0) e--;
    const s = decodeGbk(this.buf, this.pos, e);
    this.pos += n;
    return s;
  }

  gbk(n: number, what = 'STRING'): string {
    this.need(n, what);
    const s = decodeGbk(this.buf, this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  /** Fixed-size single-byte text (VINs, ICCIDs); trailing 0x00 padding is dropped. */
  latin1Fixed(n: number, what = 'STRING'): string {
    this.need(n, what);
    let e = this.pos + n;
    while (e > this.pos && this.buf[e - 1] === 0) e--;
    const s = this.buf.toString('latin1', this.pos, e);
    this.pos += n;
    return s;
  }
}
