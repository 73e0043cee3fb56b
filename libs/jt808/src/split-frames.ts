import { encodeBody, encodeFrame } from './frame';
import { MAX_BODY_LENGTH } from './framing/escape';
import type { Jt808EncodeOptions, Jt808Message } from './types';

/** Body bytes per packet when a message is split (the length field allows 1023). */
export const SUBPACKAGE_BODY_BYTES = 1000;

/**
 * A message as one frame, or as subpackages when its body exceeds 1023 bytes (JT/T 808 §4.4.3:
 * the subpackage flag, total and index 1..n in the header; each packet its own serial). Used for
 * large downlinks (0x8108 upgrade packages) and uploads (0x0801 media). `nextSerial` gives each
 * packet's serial; answers the frames and their serials in order.
 */
export function encodeFrames(
  msg: Omit<Jt808Message, 'serial' | 'subpackage'>,
  nextSerial: () => number,
  options?: Jt808EncodeOptions,
  packetBytes = SUBPACKAGE_BODY_BYTES,
): { frames: Buffer[]; serials: number[] } {
  const body = encodeBody(msg.msgId, msg.body, msg.version, options);
  if (body.length <= MAX_BODY_LENGTH) {
    const serial = nextSerial();
    return { frames: [encodeFrame({ ...msg, serial }, options)], serials: [serial] };
  }
  const total = Math.ceil(body.length / packetBytes);
  if (total > 0xffff) throw new RangeError(`body of ${body.length} bytes needs more than 65535 packets`);
  const frames: Buffer[] = [];
  const serials: number[] = [];
  for (let index = 1; index <= total; index++) {
    const serial = nextSerial();
    const chunk = body.subarray((index - 1) * packetBytes, index * packetBytes);
    frames.push(encodeFrame({ ...msg, serial, subpackage: { total, index }, body: { hex: chunk.toString('hex') } }, options));
    serials.push(serial);
  }
  return { frames, serials };
}
