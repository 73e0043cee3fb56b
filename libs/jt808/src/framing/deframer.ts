import { Jt808DecodeError } from '../errors';
import { hexOf } from '../codec/reader';
import { FLAG, MAX_ESCAPED_FRAME_LENGTH, MIN_HEADER_LENGTH } from './escape';

/** The shortest escaped frame that can be valid: both flags, a 2011/2013 header and the checksum. */
const MIN_FRAME_LENGTH = MIN_HEADER_LENGTH + 1 + 2;

export interface DeframerStats {
  frames: number;
  /** Bytes thrown away outside frames (noise, partial frames at connection start). */
  garbageBytes: number;
  oversized: number;
}

/**
 * Splits a TCP byte stream into wire frames (0x7E ... 0x7E, still escaped, flags included).
 * Feed it chunks of any size; it resynchronises on the next 0x7E after garbage, and reports
 * frames longer than {@link MAX_ESCAPED_FRAME_LENGTH} as FRAME_TOO_LARGE without buffering them.
 * Frames returned may be views into the chunk passed in: copy them if the chunk is reused.
 */
export class Jt808Deframer {
  readonly stats: DeframerStats = { frames: 0, garbageBytes: 0, oversized: 0 };
  private readonly buf = Buffer.allocUnsafe(MAX_ESCAPED_FRAME_LENGTH);
  private len = 0;
  private inFrame = false;
  private skipping = false;
  private skipped = 0;

  constructor(private readonly maxFrameLength = MAX_ESCAPED_FRAME_LENGTH) {}

  /** Bytes of an unfinished frame held from earlier chunks. */
  get pending(): number {
    return this.len;
  }

  push(chunk: Uint8Array): (Buffer | Jt808DecodeError)[] {
    const out: (Buffer | Jt808DecodeError)[] = [];
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (!this.inFrame) {
        const at = chunk.indexOf(FLAG, i);
        if (at < 0) {
          this.stats.garbageBytes += n - i;
          return out;
        }
        this.stats.garbageBytes += at - i;
        this.startFrame();
        i = at + 1;
        continue;
      }
      const at = chunk.indexOf(FLAG, i);
      const stop = at < 0 ? n : at;
      if (this.skipping) {
        this.skipped += stop - i;
      } else if (this.len + stop - i + 2 > this.maxFrameLength) {
        this.skipping = true;
        this.skipped = this.len + stop - i;
      } else if (
        at >= 0 &&
        this.len === 0 &&
        i > 0 &&
        chunk[i - 1] === FLAG &&
        at - i + 2 >= MIN_FRAME_LENGTH
      ) {
        // Whole frame inside this chunk: hand out a view, no copy.
        this.closeFrame(out, Buffer.from(chunk.buffer, chunk.byteOffset + i - 1, at - i + 2));
        i = at + 1;
        continue;
      } else {
        this.buf.set(chunk.subarray(i, stop), this.len + 1);
        this.len += stop - i;
      }
      if (at < 0) return out;
      i = at + 1;
      if (this.skipping) {
        this.stats.oversized++;
        const err = new Jt808DecodeError(
          'FRAME_TOO_LARGE',
          `frame of at least ${this.skipped + 2} bytes exceeds ${this.maxFrameLength}`,
        );
        err.hex = hexOf(this.buf, 0, Math.min(this.len + 1, 64)) + '...';
        out.push(err);
        // The closing flag may equally be the next frame's opening flag.
        this.startFrame();
        continue;
      }
      if (this.len + 2 < MIN_FRAME_LENGTH) {
        // Too short to be a frame: most likely we were between frames and this flag opens the next one.
        this.stats.garbageBytes += this.len + (this.len > 0 ? 1 : 0);
        this.startFrame();
        continue;
      }
      this.buf[this.len + 1] = FLAG;
      this.closeFrame(out, Buffer.from(this.buf.subarray(0, this.len + 2)));
    }
    return out;
  }

  /** Drops any partial frame (e.g. when the connection closes). */
  reset(): void {
    this.inFrame = false;
    this.len = 0;
    this.skipping = false;
  }

  private startFrame(): void {
    this.inFrame = true;
    this.len = 0;
    this.skipping = false;
    this.skipped = 0;
    this.buf[0] = FLAG;
  }

  private closeFrame(out: (Buffer | Jt808DecodeError)[], frame: Buffer): void {
    this.stats.frames++;
    out.push(frame);
    this.inFrame = false;
    this.len = 0;
  }
}
