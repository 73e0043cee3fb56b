import { FRAME_HEAD, FRAME_TAIL, MAX_FRAME_LENGTH } from './frame';

/**
 * Splits a TCP byte stream into frames (0x5B … 0x5D, flags included). Bytes before a 0x5B are
 * skipped and counted; a frame growing past the limit is dropped up to its next 0x5B.
 */
export class Jt809Deframer {
  private pending: Buffer = Buffer.alloc(0);
  skippedBytes = 0;
  oversizeFrames = 0;

  constructor(private readonly maxFrame = MAX_FRAME_LENGTH * 2) {}

  push(chunk: Buffer): Buffer[] {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Buffer[] = [];
    let start = data.indexOf(FRAME_HEAD);
    if (start < 0) {
      this.skippedBytes += data.length;
      this.pending = Buffer.alloc(0);
      return frames;
    }
    this.skippedBytes += start;
    while (start >= 0) {
      const end = data.indexOf(FRAME_TAIL, start + 1);
      const nextHead = data.indexOf(FRAME_HEAD, start + 1);
      if (nextHead >= 0 && (end < 0 || nextHead < end)) {
        // A new head before this frame's tail: the partial frame is garbage.
        this.skippedBytes += nextHead - start;
        start = nextHead;
        continue;
      }
      if (end < 0) {
        if (data.length - start > this.maxFrame) {
          this.oversizeFrames++;
          this.pending = Buffer.alloc(0);
          return frames;
        }
        this.pending = Buffer.from(data.subarray(start));
        return frames;
      }
      frames.push(Buffer.from(data.subarray(start, end + 1)));
      start = data.indexOf(FRAME_HEAD, end + 1);
      this.skippedBytes += (start < 0 ? data.length : start) - end - 1;
    }
    this.pending = Buffer.alloc(0);
    return frames;
  }
}
