import { Jt808DecodeError } from '../errors';

export const FLAG = 0x7e;
export const ESCAPE = 0x7d;

/** Body length is a 10-bit field. */
export const MAX_BODY_LENGTH = 1023;
/** 2019 header with subpackage fields. */
export const MAX_HEADER_LENGTH = 21;
export const MIN_HEADER_LENGTH = 12;
/** Largest unescaped frame content: header + body + checksum. */
export const MAX_UNESCAPED_LENGTH = MAX_HEADER_LENGTH + MAX_BODY_LENGTH + 1;
/** Worst case every byte escaped, plus both flags. */
export const MAX_ESCAPED_FRAME_LENGTH = MAX_UNESCAPED_LENGTH * 2 + 2;

export function xorChecksum(buf: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= buf[i];
  return x;
}

/**
 * Unescapes src[start, end) (no flags) into out and returns the unescaped length.
 * Throws BAD_ESCAPE on 0x7D not followed by 0x01/0x02 and on a bare 0x7E inside the frame.
 */
export function unescapeInto(src: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const b = src[i];
    if (b === ESCAPE) {
      const next = ++i < end ? src[i] : -1;
      if (next === 0x01) out[n++] = ESCAPE;
      else if (next === 0x02) out[n++] = FLAG;
      else
        throw new Jt808DecodeError(
          'BAD_ESCAPE',
          `0x7D followed by ${next < 0 ? 'end of frame' : '0x' + next.toString(16).padStart(2, '0')} at offset ${i - start}`,
        );
    } else if (b === FLAG) {
      throw new Jt808DecodeError('BAD_ESCAPE', `unescaped 0x7E inside the frame at offset ${i - start}`);
    } else {
      out[n++] = b;
    }
  }
  return n;
}

/** Unescaped content -> wire frame with both 0x7E flags. */
export function escapeFrame(src: Uint8Array, start: number, end: number): Buffer {
  let extra = 0;
  for (let i = start; i < end; i++) if (src[i] === FLAG || src[i] === ESCAPE) extra++;
  const out = Buffer.allocUnsafe(end - start + extra + 2);
  let n = 0;
  out[n++] = FLAG;
  if (extra === 0) {
    out.set(src.subarray(start, end), 1);
    n += end - start;
  } else {
    for (let i = start; i < end; i++) {
      const b = src[i];
      if (b === FLAG) {
        out[n++] = ESCAPE;
        out[n++] = 0x02;
      } else if (b === ESCAPE) {
        out[n++] = ESCAPE;
        out[n++] = 0x01;
      } else {
        out[n++] = b;
      }
    }
  }
  out[n] = FLAG;
  return out;
}
