import { Jt808DecodeError } from '../errors';
import { decodeGbk } from './text';

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, '0'));

/** Hex of buf[start, end) built from a lookup table: cheaper than Buffer#toString for short spans. */
export function hexOf(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += HEX[buf[i]];
  return s;
}

/** Cursor over a body; every read is bounds-checked and fails with a typed TRUNCATED error. */
export class Reader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    public end: number,
  ) {}

  get remaining(): number {
    return this.end - this.pos;
  }

  need(n: number, what: string): void {
    if (this.pos + n > this.end) {
      throw new Jt808DecodeError(
        'TRUNCATED',
        `body ends before ${what} (${n} bytes needed, ${this.end - this.pos} left)`,
      );
    }
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

  bytes(n: number, what = 'bytes'): Buffer {
    this.need(n, what);
    const out = Buffer.from(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }
}
