import * as iconv from 'iconv-lite';

// Terminals send plates and names in GBK; iconv-lite is the house choice for it.
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
