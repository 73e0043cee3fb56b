/** A frame read back from ffmpeg: Annex-B H.264 (start codes), one access unit. */
export interface FlvVideoFrame {
  keyframe: boolean;
  data: Buffer;
}

const FLV_HEADER = 9;
const TAG_HEADER = 11;
const PREVIOUS_TAG_SIZE = 4;
const TAG_VIDEO = 9;
const CODEC_AVC = 7;
const AVC_SEQUENCE_HEADER = 0;
const AVC_NALU = 1;
/** A tag larger than this is not what we asked ffmpeg for: the reader gives up on the stream. */
const MAX_TAG_BYTES = 8 * 1024 * 1024;
const START_CODE = Buffer.from([0, 0, 0, 1]);

/**
 * Reads ffmpeg's H.264 output in FLV (`-f flv`), chosen over a raw Annex-B byte stream because each
 * FLV tag carries its length: a frame is whole the moment its tag is, where a raw stream shows the
 * end of a frame only when the next one starts (one frame interval of latency). The NAL units'
 * length prefixes become start codes again, and a keyframe without its SPS and PPS in band gets
 * those of the sequence header, so our remuxer sees what a terminal would send.
 */
export class FlvVideoReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerRead = false;
  private lengthSize = 4;
  private parameterSets: Buffer[] = [];
  /** Set when the bytes are not FLV as expected: nothing more is read. */
  broken?: string;

  push(chunk: Buffer): FlvVideoFrame[] {
    if (this.broken) return [];
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: FlvVideoFrame[] = [];
    let at = 0;
    if (!this.headerRead) {
      if (this.pending.length < FLV_HEADER + PREVIOUS_TAG_SIZE) return frames;
      if (this.pending.toString('latin1', 0, 3) !== 'FLV') return this.fail('not FLV');
      at = this.pending.readUInt32BE(5) + PREVIOUS_TAG_SIZE;
      this.headerRead = true;
    }
    while (at + TAG_HEADER <= this.pending.length) {
      const size = this.pending.readUIntBE(at + 1, 3);
      if (size > MAX_TAG_BYTES) return this.fail(`tag of ${size} bytes`);
      const end = at + TAG_HEADER + size + PREVIOUS_TAG_SIZE;
      if (end > this.pending.length) break;
      if (this.pending[at] === TAG_VIDEO) {
        const frame = this.videoTag(this.pending.subarray(at + TAG_HEADER, at + TAG_HEADER + size));
        if (frame) frames.push(frame);
      }
      at = end;
    }
    this.pending = at >= this.pending.length ? Buffer.alloc(0) : Buffer.from(this.pending.subarray(at));
    return frames;
  }

  reset(): void {
    this.pending = Buffer.alloc(0);
    this.headerRead = false;
    this.broken = undefined;
  }

  private fail(reason: string): FlvVideoFrame[] {
    this.broken = reason;
    this.pending = Buffer.alloc(0);
    return [];
  }

  private videoTag(body: Buffer): FlvVideoFrame | undefined {
    if (body.length < 5 || (body[0] & 0x0f) !== CODEC_AVC) return undefined;
    const keyframe = body[0] >> 4 === 1;
    const payload = body.subarray(5);
    if (body[1] === AVC_SEQUENCE_HEADER) {
      this.sequenceHeader(payload);
      return undefined;
    }
    if (body[1] !== AVC_NALU) return undefined;
    const units: Buffer[] = [];
    let hasParameterSets = false;
    for (let at = 0; at + this.lengthSize <= payload.length; ) {
      const length = payload.readUIntBE(at, this.lengthSize);
      at += this.lengthSize;
      if (length === 0 || at + length > payload.length) break;
      const nal = payload.subarray(at, at + length);
      if ((nal[0] & 0x1f) === 7) hasParameterSets = true;
      units.push(START_CODE, nal);
      at += length;
    }
    if (!units.length) return undefined;
    if (keyframe && !hasParameterSets) units.unshift(...this.parameterSets.flatMap((set) => [START_CODE, set]));
    return { keyframe, data: Buffer.concat(units) };
  }

  /** AVCDecoderConfigurationRecord (ISO/IEC 14496-15 5.2.4.1): the NAL length size, the SPS and PPS. */
  private sequenceHeader(record: Buffer): void {
    if (record.length < 7) return;
    this.lengthSize = (record[4] & 0x03) + 1;
    const sets: Buffer[] = [];
    let at = 5;
    for (const countMask of [0x1f, 0xff]) {
      const count = record[at++] & countMask;
      for (let i = 0; i < count && at + 2 <= record.length; i++) {
        const length = record.readUInt16BE(at);
        sets.push(Buffer.from(record.subarray(at + 2, at + 2 + length)));
        at += 2 + length;
      }
    }
    this.parameterSets = sets;
  }
}
