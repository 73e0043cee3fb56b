// The attachment server's TCP stream (T/JSATL 12-2017 §4.5.4) mixes two things: ordinary JT/T 808
// frames (0x1210, 0x1211, 0x1212) and raw file data frames, which are not escaped:
//   0x30 0x31 0x63 0x64 | file name BYTE[50] (0-padded) | offset DWORD | length DWORD | data
// No library splits this stream, so we do, with the 808 frame bound and a data-frame bound.
import { Jt808DecodeError } from '../errors';
import { decodeGbk, encodeGbk } from '../codec/text';
import { FLAG, MAX_ESCAPED_FRAME_LENGTH } from './escape';

export const ATTACHMENT_DATA_MAGIC = 0x30316364;
const HEADER = 4 + 50 + 4 + 4;

export interface AttachmentData {
  name: string;
  offset: number;
  data: Buffer;
}

/** A wire frame (escaped, flags included) for `decodeFrame`, a data frame, or a stream error. */
export type AttachmentStreamItem = { frame: Buffer } | { chunk: AttachmentData } | { error: Jt808DecodeError };

/**
 * Splits the attachment link's bytes. Data frames longer than `maxDataLength` are an error and the
 * caller closes the link: a terminal that lies about lengths cannot make us buffer without bound.
 */
export class AttachmentStreamSplitter {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxDataLength = 1 << 20) {}

  push(chunk: Uint8Array): AttachmentStreamItem[] {
    const out: AttachmentStreamItem[] = [];
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    let p = 0;
    while (p < buf.length) {
      if (buf[p] === FLAG) {
        const close = buf.indexOf(FLAG, p + 1);
        if (close < 0) {
          if (buf.length - p > MAX_ESCAPED_FRAME_LENGTH) {
            out.push({ error: new Jt808DecodeError('FRAME_TOO_LARGE', `frame longer than ${MAX_ESCAPED_FRAME_LENGTH} bytes`) });
            this.pending = Buffer.alloc(0);
            return out;
          }
          break;
        }
        // Two flags in a row: the first closed nothing (or an earlier frame), start again at the second.
        if (close === p + 1) p = close;
        else {
          out.push({ frame: Buffer.from(buf.subarray(p, close + 1)) });
          p = close + 1;
        }
        continue;
      }
      if (buf.length - p < 4) break;
      if (buf.readUInt32BE(p) !== ATTACHMENT_DATA_MAGIC) {
        // Noise: skip to the next flag or magic candidate.
        const next = buf.indexOf(FLAG, p + 1);
        const magic = buf.indexOf(0x30, p + 1);
        const candidates = [next, magic].filter((at) => at >= 0);
        p = candidates.length ? Math.min(...candidates) : buf.length;
        continue;
      }
      if (buf.length - p < HEADER) break;
      const length = buf.readUInt32BE(p + 58);
      if (length > this.maxDataLength) {
        out.push({ error: new Jt808DecodeError('FRAME_TOO_LARGE', `attachment data frame of ${length} bytes exceeds ${this.maxDataLength}`) });
        this.pending = Buffer.alloc(0);
        return out;
      }
      if (buf.length - p < HEADER + length) break;
      let nameEnd = p + 54;
      while (nameEnd > p + 4 && buf[nameEnd - 1] === 0) nameEnd--;
      out.push({ chunk: { name: decodeGbk(buf, p + 4, nameEnd), offset: buf.readUInt32BE(p + 54), data: Buffer.from(buf.subarray(p + HEADER, p + HEADER + length)) } });
      p += HEADER + length;
    }
    this.pending = Buffer.from(buf.subarray(p));
    return out;
  }

  /** Bytes held for an unfinished data frame. */
  get buffered(): number {
    return this.pending.length;
  }
}

/** One data frame as a terminal sends it (the simulator's side, and tests). */
export function encodeAttachmentData(name: string, offset: number, data: Uint8Array): Buffer {
  const out = Buffer.alloc(HEADER + data.length);
  out.writeUInt32BE(ATTACHMENT_DATA_MAGIC, 0);
  const nameBytes = encodeGbk(name);
  if (nameBytes.length > 50) throw new Error(`attachment file name longer than 50 bytes: ${name}`);
  Buffer.from(nameBytes).copy(out, 4);
  out.writeUInt32BE(offset, 54);
  out.writeUInt32BE(data.length, 58);
  Buffer.from(data).copy(out, HEADER);
  return out;
}
