import { checkFields, checkOneOf } from '../validation';
import { jsonCodec } from '../codec';

/** Every frame received or sent by a gateway, for the "original message query" screen (topic gateway.raw-frame.v1). */
export interface RawFrame {
  terminalPhone: string;
  direction: 'up' | 'down';
  hex: string;
  at: number;
  gatewayId: string;
  /** Decode error code when the frame was rejected (e.g. CHECKSUM_MISMATCH). */
  error?: string;
}

export const rawFrameCodec = jsonCodec<RawFrame>(
  (value) =>
    checkFields(value, { terminalPhone: 'string', direction: 'string', hex: 'string', at: 'number', gatewayId: 'string', error: 'string?' }) ??
    checkOneOf(value, 'direction', ['up', 'down']),
);
