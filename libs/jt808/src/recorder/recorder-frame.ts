// GB/T 19056-2012 (driving recorder) frames as JT/T 808 carries them in 0x0700/0x8700/0x8701:
// head (55 7A from the recorder, AA 75 to it), command word, data length (WORD), a reserved byte,
// the data, and the XOR of every byte before it. No library speaks 19056, hence our own code.
import { Jt808DecodeError } from '../errors';

export const RECORDER_UPLOAD_HEAD = 0x557a;
export const RECORDER_COMMAND_HEAD = 0xaa75;
const HEADER_BYTES = 6;

export interface RecorderFrame {
  head: number;
  command: number;
  data: Buffer;
}

function xor(bytes: Uint8Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum ^= bytes[i];
  return sum;
}

export function encodeRecorderFrame(head: number, command: number, data: Uint8Array): Buffer {
  if (data.length > 0xffff) throw new RangeError(`recorder data of ${data.length} bytes exceeds a WORD length`);
  const out = Buffer.alloc(HEADER_BYTES + data.length + 1);
  out.writeUInt16BE(head, 0);
  out[2] = command;
  out.writeUInt16BE(data.length, 3);
  out[5] = 0;
  out.set(data, HEADER_BYTES);
  out[out.length - 1] = xor(out, 0, out.length - 1);
  return out;
}

/** True when the block starts like a recorder frame (either head). */
export function looksLikeRecorderFrame(block: Uint8Array): boolean {
  if (block.length < HEADER_BYTES + 1) return false;
  const head = (block[0] << 8) | block[1];
  return head === RECORDER_UPLOAD_HEAD || head === RECORDER_COMMAND_HEAD;
}

/** A whole frame: length and checksum must agree, or it fails with LENGTH_MISMATCH / CHECKSUM_MISMATCH. */
export function decodeRecorderFrame(block: Buffer): RecorderFrame {
  if (!looksLikeRecorderFrame(block)) throw new Jt808DecodeError('BAD_FIELD', 'recorder frame must start with 55 7A or AA 75');
  const length = block.readUInt16BE(3);
  if (block.length !== HEADER_BYTES + length + 1)
    throw new Jt808DecodeError('LENGTH_MISMATCH', `recorder frame says ${length} data bytes, carries ${block.length - HEADER_BYTES - 1}`);
  const expected = xor(block, 0, block.length - 1);
  if (expected !== block[block.length - 1])
    throw new Jt808DecodeError('CHECKSUM_MISMATCH', `recorder frame checksum ${block[block.length - 1]} != ${expected}`);
  return { head: block.readUInt16BE(0), command: block[2], data: block.subarray(HEADER_BYTES, block.length - 1) };
}
