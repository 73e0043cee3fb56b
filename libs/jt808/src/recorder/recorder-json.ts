import { Jt808DecodeError } from '../errors';
import { decodeRecorderFrame, encodeRecorderFrame, looksLikeRecorderFrame, RECORDER_COMMAND_HEAD } from './recorder-frame';
import { decodeRecorderData, decodeRecorderRange, encodeRecorderData, encodeRecorderRange, RANGED_RECORDER_WORDS, type RecorderRange } from './recorder-records';

type Obj = Record<string, unknown>;

/**
 * The data block of a 0x0700/0x8700/0x8701 as fields: a whole 19056 frame (checked), or, as some
 * terminals send it, the bare data of the command word. A block that does not parse is reported,
 * never thrown: the message around it is still good and its hex is kept.
 */
export function parseRecorderBlock(command: number, hex: string, request = false): { parsed?: Obj; parseError?: string } {
  if (!hex) return {};
  const block = Buffer.from(hex, 'hex');
  try {
    const frame = looksLikeRecorderFrame(block) ? decodeRecorderFrame(block) : { command, data: block };
    if (frame.command !== command) return { parseError: `frame command ${frame.command.toString(16)}H differs from ${command.toString(16)}H` };
    if (request) return frame.data.length && RANGED_RECORDER_WORDS.has(command) ? { parsed: { ...decodeRecorderRange(frame.data) } } : frame.data.length ? { parsed: decodeRecorderData(command, frame.data) } : {};
    return { parsed: decodeRecorderData(command, frame.data) };
  } catch (error) {
    if (error instanceof Jt808DecodeError) return { parseError: `${error.code}: ${error.message}` };
    throw error;
  }
}

/**
 * The data block of a platform command from typed fields: a collect request (08H-15H with its
 * range, others empty) or the parameters of a set word, framed AA 75 with its checksum.
 */
export function buildRecorderBlock(command: number, params: Obj | undefined, set: boolean): string {
  const data = set ? encodeRecorderData(command, params ?? {}) : RANGED_RECORDER_WORDS.has(command) && params ? encodeRecorderRange(params as unknown as RecorderRange) : Buffer.alloc(0);
  return encodeRecorderFrame(RECORDER_COMMAND_HEAD, command, data).toString('hex');
}
