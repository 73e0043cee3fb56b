import * as iconv from 'iconv-lite';

// Terminals and platforms send plates and names in GBK; iconv-lite is the house choice for it.
export function decodeGbk(buf: Buffer, start: number, end: number): string {
  if (start === end) return '';
  let ascii = true;
  for (let i = start; i < end; i++) {
    if (buf[i] >= 0x80) {
      ascii = false;
      break;
    }
  }
  // Plain ASCII needs no table lookup; skipping iconv keeps common fields cheap.
  return ascii ? buf.toString('latin1', start, end) : iconv.decode(buf.subarray(start, end), 'gbk');
}

export function encodeGbk(s: string): Buffer {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(s) ? Buffer.from(s, 'latin1') : iconv.encode(s, 'gbk');
}

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, '0'));

/** Hex of buf[start, end) built from a lookup table: cheaper than Buffer#toString for short spans. */
export function hexOf(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += HEX[buf[i]];
  return s;
}
