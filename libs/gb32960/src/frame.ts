import { Gb32960DecodeError, Gb32960EncodeError } from './errors';

// GB/T 32960.3 framing, written here because no maintained JavaScript codec exists: start "##",
// command, response flag, VIN BYTE[17], encryption, WORD data length, data, BCC (XOR of every byte
// from the command through the data). The 2025 edition starts with "$$" and is recognised, not
// decoded yet: the edition is a property of every call so its tables can be added beside 2016's.

export type Gb32960Edition = '2016' | '2025';

export const HEADER_LENGTH = 24;
/** The data length is a WORD: a frame is at most 24 + 65,535 + 1 bytes. */
export const MAX_FRAME_LENGTH = HEADER_LENGTH + 0xffff + 1;

export const Command = {
  VEHICLE_LOGIN: 0x01,
  REALTIME: 0x02,
  REISSUE: 0x03,
  VEHICLE_LOGOUT: 0x04,
  PLATFORM_LOGIN: 0x05,
  PLATFORM_LOGOUT: 0x06,
  HEARTBEAT: 0x07,
  TIME_SYNC: 0x08,
} as const;

/** Response flags (2016 table 4): 0xFE marks a command, the others answer one. */
export const Response = { SUCCESS: 0x01, ERROR: 0x02, VIN_REPEATED: 0x03, COMMAND: 0xfe } as const;

/** Encryption (2016 table 2): 1 none, 2 RSA, 3 AES-128, 0xFE abnormal, 0xFF invalid. */
export const Encryption = { NONE: 0x01, RSA: 0x02, AES128: 0x03, ABNORMAL: 0xfe, INVALID: 0xff } as const;

export interface Gb32960Frame {
  edition: Gb32960Edition;
  command: number;
  response: number;
  vin: string;
  encryption: number;
  data: Buffer;
}

const START: Record<Gb32960Edition, number> = { '2016': 0x23, '2025': 0x24 };

export function bcc(buf: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= buf[i];
  return x;
}

export function encodeFrame(frame: Omit<Gb32960Frame, 'edition'> & { edition?: Gb32960Edition }): Buffer {
  const edition = frame.edition ?? '2016';
  if (edition !== '2016') throw new Gb32960EncodeError(`edition ${edition} is not encoded yet`);
  if (!/^[\x20-\x7e]{0,17}$/.test(frame.vin)) throw new Gb32960EncodeError(`VIN must be at most 17 ASCII characters, got "${frame.vin}"`);
  if (frame.data.length > 0xffff) throw new Gb32960EncodeError(`data of ${frame.data.length} bytes exceeds 65,535`);
  const out = Buffer.alloc(HEADER_LENGTH + frame.data.length + 1);
  out[0] = out[1] = START[edition];
  out[2] = frame.command;
  out[3] = frame.response;
  out.write(frame.vin, 4, 17, 'latin1');
  out[21] = frame.encryption;
  out.writeUInt16BE(frame.data.length, 22);
  out.set(frame.data, HEADER_LENGTH);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return out;
}

/**
 * Decodes one whole frame: start, length and BCC checked; 2025 frames are refused until decoded.
 * `data` is a view of `buf` (itself a view of the received chunk), not a copy of its own.
 */
export function decodeFrame(buf: Buffer): Gb32960Frame {
  if (buf.length < HEADER_LENGTH + 1) throw new Gb32960DecodeError('TRUNCATED', `${buf.length} bytes, a frame needs at least ${HEADER_LENGTH + 1}`);
  const edition = buf[0] === 0x23 && buf[1] === 0x23 ? '2016' : buf[0] === 0x24 && buf[1] === 0x24 ? '2025' : undefined;
  if (!edition) throw new Gb32960DecodeError('BAD_START', `starts with 0x${buf.subarray(0, 2).toString('hex')}, not "##"`);
  const length = buf.readUInt16BE(22);
  if (buf.length !== HEADER_LENGTH + length + 1) throw new Gb32960DecodeError('LENGTH_MISMATCH', `data length ${length}, frame of ${buf.length} bytes`);
  const expected = bcc(buf, 2, buf.length - 1);
  if (expected !== buf[buf.length - 1]) throw new Gb32960DecodeError('BCC_MISMATCH', `BCC 0x${buf[buf.length - 1].toString(16)}, computed 0x${expected.toString(16)}`);
  if (edition === '2025') throw new Gb32960DecodeError('UNSUPPORTED_EDITION', 'a GB/T 32960.3-2025 frame ("$$"): not decoded yet');
  return { edition, command: buf[2], response: buf[3], vin: buf.toString('latin1', 4, 21).replace(/\0+$/, ''), encryption: buf[21], data: buf.subarray(HEADER_LENGTH, buf.length - 1) };
}

/**
 * Splits a TCP stream into frames: "##" (or "$$"), 24 header bytes, the data length, the BCC.
 * Bytes before a start are skipped and counted; a frame announcing more than `maxData` bytes is
 * dropped (its start skipped) so a corrupt length cannot stall the connection.
 */
export class Gb32960Deframer {
  private pending: Buffer = Buffer.alloc(0);
  skippedBytes = 0;
  oversizeFrames = 0;

  constructor(private readonly maxData = 0xffff) {}

  push(chunk: Buffer): Buffer[] {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Buffer[] = [];
    for (;;) {
      let start = -1;
      for (let i = 0; i + 1 < data.length; i++) {
        if ((data[i] === 0x23 && data[i + 1] === 0x23) || (data[i] === 0x24 && data[i + 1] === 0x24)) {
          start = i;
          break;
        }
      }
      if (start < 0) {
        // Keep a last byte that may be the first half of a start.
        const keep = data.length && (data[data.length - 1] === 0x23 || data[data.length - 1] === 0x24) ? 1 : 0;
        this.skippedBytes += data.length - keep;
        this.pending = Buffer.from(data.subarray(data.length - keep));
        return frames;
      }
      this.skippedBytes += start;
      data = data.subarray(start);
      if (data.length < HEADER_LENGTH) break;
      const length = data.readUInt16BE(22);
      if (length > this.maxData) {
        this.oversizeFrames++;
        this.skippedBytes += 2;
        data = data.subarray(2);
        continue;
      }
      const total = HEADER_LENGTH + length + 1;
      if (data.length < total) break;
      // A view, not a copy: Node never reuses a received chunk, and this saved an allocation and a
      // copy per report.
      frames.push(data.subarray(0, total));
      data = data.subarray(total);
    }
    this.pending = Buffer.from(data);
    return frames;
  }
}
