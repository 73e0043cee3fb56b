import { FRAME_PROTOCOLS, type FrameProtocol } from '@openfleet/contracts';

// What the ingest reads of a frame without decoding it (the archive decodes on read): the message
// id, for the list's filter. Each protocol keeps it at a fixed place near the start.

/** Protocol as stored: its index in FRAME_PROTOCOLS (jt808 0, gb32960 1, hj1239 2, jt809 3). */
export const protocolCode = (protocol: FrameProtocol): number => FRAME_PROTOCOLS.indexOf(protocol);
export const protocolOf = (code: number): FrameProtocol => FRAME_PROTOCOLS[code] ?? 'jt808';

/** Bytes `count` after the start flag with JT/T 808 (0x7D) or JT/T 809 (0x5A/0x5E) escapes undone; null when the frame ends first. */
function unescapedHead(frame: Buffer, count: number, escapes: Record<number, Record<number, number>>, whole: boolean): number[] | null {
  const out: number[] = [];
  const end = whole ? frame.length - 1 : frame.length;
  for (let i = 1; i < end && out.length < count; i++) {
    const table = escapes[frame[i]];
    if (table && i + 1 < end && table[frame[i + 1]] !== undefined) out.push(table[frame[++i]]);
    else out.push(frame[i]);
  }
  return out.length === count ? out : null;
}

const JT808_ESCAPES = { 0x7d: { 0x01: 0x7d, 0x02: 0x7e } };
const JT809_ESCAPES = { 0x5a: { 0x01: 0x5b, 0x02: 0x5a }, 0x5e: { 0x01: 0x5d, 0x02: 0x5e } };

/**
 * The message id (808, 809) or command (32960, HJ 1239) of a frame; null when the bytes cannot
 * carry one. `frame` may be the frame's first bytes only (`whole` false): the end flag is not there.
 */
export function messageIdOf(protocol: FrameProtocol, frame: Buffer, whole = true): number | null {
  switch (protocol) {
    case 'jt808': {
      if (frame[0] !== 0x7e) return null;
      const head = unescapedHead(frame, 2, JT808_ESCAPES, whole);
      return head && (head[0] << 8) | head[1];
    }
    case 'jt809': {
      if (frame[0] !== 0x5b) return null;
      // length DWORD, serial DWORD, then the message id.
      const head = unescapedHead(frame, 10, JT809_ESCAPES, whole);
      return head && (head[8] << 8) | head[9];
    }
    default:
      // "##" (or "$$", GB/T 32960-2025), then the command byte.
      return frame.length > 2 && frame[0] === frame[1] && (frame[0] === 0x23 || frame[0] === 0x24) ? frame[2] : null;
  }
}

/**
 * The row's third key part: FNV-1a of direction and bytes. A redelivered frame gets the same key
 * (so INSERT IGNORE drops it) whatever batch it arrives in; two different frames of one terminal in
 * one millisecond get different ones.
 */
export function frameSeq(direction: 'up' | 'down', hex: string): number {
  let hash = direction === 'up' ? 0x811c9dc5 : 0x050c5d1f;
  for (let i = 0; i < hex.length; i++) hash = Math.imul(hash ^ hex.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** True for an even-length hex string (what the table's binary literal takes). */
export const isHex = (text: string): boolean => HEX.test(text);
