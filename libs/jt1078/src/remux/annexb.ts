// Annex-B byte streams (ITU-T H.264 / H.265 annex B), the form JT/T 1078 terminals send video in:
// NAL units behind 00 00 01 or 00 00 00 01 start codes.

/** H.264 NAL unit types (ITU-T H.264 table 7-1) the remuxer looks at. */
export const H264Nal = { IDR: 5, SEI: 6, SPS: 7, PPS: 8, AUD: 9 } as const;
/** H.265 NAL unit types (ITU-T H.265 table 7-1) the remuxer looks at; 16-23 are IRAP (key) pictures. */
export const H265Nal = { IRAP_FIRST: 16, IRAP_LAST: 23, VPS: 32, SPS: 33, PPS: 34, AUD: 35 } as const;

export const h264NalType = (nal: Buffer): number => nal[0] & 0x1f;
export const h265NalType = (nal: Buffer): number => (nal[0] >> 1) & 0x3f;

/**
 * The NAL units of an Annex-B buffer, as views of it without their start codes. Bytes before the
 * first start code are ignored; zero bytes trailing a unit (trailing_zero_8bits, or the first byte
 * of a 4-byte start code) are not part of it.
 */
export function splitAnnexB(data: Buffer): Buffer[] {
  const units: Buffer[] = [];
  let start = -1;
  let i = 0;
  while (i + 2 < data.length) {
    if (data[i + 2] > 1) {
      i += 3;
    } else if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
      if (start >= 0) pushUnit(data, start, i, units);
      i += 3;
      start = i;
    } else {
      i++;
    }
  }
  if (start >= 0) pushUnit(data, start, data.length, units);
  return units;
}

function pushUnit(data: Buffer, start: number, end: number, units: Buffer[]): void {
  while (end > start && data[end - 1] === 0) end--;
  if (end > start) units.push(data.subarray(start, end));
}

/** The RBSP of a NAL unit: every 00 00 03 emulation-prevention sequence back to 00 00. */
export function removeEmulationPrevention(nal: Buffer): Buffer {
  const out = Buffer.alloc(nal.length);
  let length = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}

/** Reads an RBSP bit by bit, with the Exp-Golomb codes parameter sets use. */
export class BitReader {
  private bit = 0;

  constructor(private readonly bytes: Buffer) {}

  bits(count: number): number {
    let value = 0;
    for (let k = 0; k < count; k++) {
      const byte = this.bit >> 3;
      if (byte >= this.bytes.length) throw new RangeError('read past the end of a parameter set');
      value = value * 2 + ((this.bytes[byte] >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  flag(): boolean {
    return this.bits(1) === 1;
  }

  skip(count: number): void {
    this.bit += count;
  }

  /** ue(v). */
  ue(): number {
    let zeros = 0;
    while (this.bits(1) === 0) {
      if (++zeros > 31) throw new RangeError('Exp-Golomb code longer than 32 bits');
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  /** se(v). */
  se(): number {
    const code = this.ue();
    return code & 1 ? (code + 1) / 2 : -code / 2;
  }
}
