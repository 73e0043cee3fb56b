/** H.264 NAL unit type of an access unit delimiter. */
const H264_AUD = 9;
/** A buffer that grows past this without a delimiter is not the stream we asked for: dropped. */
const MAX_UNIT_BYTES = 8 * 1024 * 1024;

/**
 * Cuts ffmpeg's H.264 Annex-B output (a byte stream, written in chunks of any size) into access
 * units, one per frame. ffmpeg is asked for an access unit delimiter before every frame
 * (`-x264-params aud=1`), so a frame is whole once the next delimiter shows: this costs one frame
 * interval of latency, the price of a raw byte stream, which carries no frame lengths.
 */
export class AccessUnitSplitter {
  private pending: Buffer = Buffer.alloc(0);
  /** Offset of the start code of the current unit's delimiter, or -1 before the first one. */
  private unitStart = -1;
  /** Where the next start-code search begins (bytes before it were searched already). */
  private scanFrom = 0;

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const units: Buffer[] = [];
    let at = this.scanFrom;
    for (;;) {
      const code = this.pending.indexOf(START_CODE, at);
      if (code < 0) {
        // The last two bytes may be the start of a start code cut by the chunk's end.
        this.scanFrom = Math.max(at, this.pending.length - 2);
        break;
      }
      if (code + 3 >= this.pending.length) {
        // The NAL header byte is not there yet.
        this.scanFrom = code;
        break;
      }
      if ((this.pending[code + 3] & 0x1f) === H264_AUD) {
        // A four-byte start code begins one byte earlier.
        const begin = code > 0 && this.pending[code - 1] === 0 ? code - 1 : code;
        if (this.unitStart >= 0 && begin > this.unitStart) units.push(this.pending.subarray(this.unitStart, begin));
        this.unitStart = begin;
      }
      at = code + 3;
    }
    this.compact();
    return units;
  }

  /** The last unit when the stream ends (there is no next delimiter to close it). */
  flush(): Buffer | undefined {
    const last = this.unitStart >= 0 && this.pending.length > this.unitStart ? this.pending.subarray(this.unitStart) : undefined;
    this.reset();
    return last;
  }

  reset(): void {
    this.pending = Buffer.alloc(0);
    this.unitStart = -1;
    this.scanFrom = 0;
  }

  /** Drops what was handed out (and anything before the first delimiter), so the buffer holds one unit at most. */
  private compact(): void {
    const keepFrom = this.unitStart >= 0 ? this.unitStart : Math.max(0, this.pending.length - 3);
    if (keepFrom > 0) {
      this.pending = Buffer.from(this.pending.subarray(keepFrom));
      this.scanFrom -= keepFrom;
      if (this.unitStart >= 0) this.unitStart = 0;
    }
    if (this.pending.length > MAX_UNIT_BYTES) this.reset();
  }
}

const START_CODE = Buffer.from([0, 0, 1]);
