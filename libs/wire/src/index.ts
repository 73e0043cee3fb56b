/**
 * A bounds-checked big-endian cursor shared by the protocol codecs (JT/T 809, GB/T 32960): each
 * codec passes the error its callers expect when a body ends early.
 */
export class BoundedReader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
    private readonly truncated: (message: string) => Error,
  ) {}

  get remaining(): number {
    return this.end - this.pos;
  }

  need(n: number, what: string): void {
    if (this.pos + n > this.end) throw this.truncated(`data ends before ${what} (${n} bytes needed, ${this.end - this.pos} left)`);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.buf[this.pos++];
  }

  u16(what: string): number {
    this.need(2, what);
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  /** Moves past `n` bytes without reading them. */
  skip(n: number, what: string): void {
    this.need(n, what);
    this.pos += n;
  }

  bytes(n: number, what: string): Buffer {
    this.need(n, what);
    const v = Buffer.from(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return v;
  }
}
