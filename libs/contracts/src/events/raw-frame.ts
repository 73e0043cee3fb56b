import { checkFields, checkOneOf } from '../validation';
import { jsonCodec } from '../codec';
import { FRAME_PROTOCOLS, type FrameProtocol } from '../frame-archive/frame-archive-api';

/** One frame received or sent by a gateway, for the "original message query" screen. */
export interface RawFrame {
  /** Terminal phone (JT/T 808); the VIN for GB/T 32960 and HJ 1239; `809:<platform id>` for a JT/T 809 link. */
  terminalPhone: string;
  /** Absent: jt808 (the first publisher). */
  protocol?: FrameProtocol;
  direction: 'up' | 'down';
  hex: string;
  at: number;
  /** Decode error code when the frame was rejected (e.g. CHECKSUM_MISMATCH). */
  error?: string;
}

/**
 * The frames one gateway captured during one flush (topic gateway.raw-frames.v1). Batched because
 * capture doubles the frame rate (every uplink has its reply): one record per frame made raw capture
 * cost as much broker and client work as the positions themselves.
 */
export interface RawFrameBatch {
  gatewayId: string;
  frames: RawFrame[];
}

function rawFrameProblem(frame: unknown, index: number): string | null {
  const problem =
    checkFields(frame, { terminalPhone: 'string', direction: 'string', hex: 'string', at: 'number', error: 'string?', protocol: 'string?' }) ??
    checkOneOf(frame, 'direction', ['up', 'down']) ??
    ((frame as RawFrame).protocol === undefined ? null : checkOneOf(frame, 'protocol', FRAME_PROTOCOLS));
  return problem && `frames[${index}]: ${problem}`;
}

export const rawFrameBatchCodec = jsonCodec<RawFrameBatch>((value) => {
  const problem = checkFields(value, { gatewayId: 'string', frames: 'object' });
  if (problem) return problem;
  const frames = (value as { frames: unknown }).frames;
  if (!Array.isArray(frames)) return 'frames must be an array';
  for (let i = 0; i < frames.length; i++) {
    const frameProblem = rawFrameProblem(frames[i], i);
    if (frameProblem) return frameProblem;
  }
  return null;
});
