// ITU-T G.726 ADPCM decoder at 32 kbit/s (what terminals send) and 16 kbit/s, written here because
// no maintained npm package decodes it. It follows the Recommendation's section 4 blocks the way
// the public-domain Sun Microsystems reference (g72x.c) arranges them, in fixed point. Checked
// against ffmpeg's G.726 (not itself bit-exact): same first samples, SNR within 1 dB. 24 and
// 40 kbit/s are left out: without the ITU test vectors here they could not be checked (ffmpeg's
// 40 kbit/s uses the 2^-8 predictor leak where G.726 4.2.7 says 2^-9).

/** Per-rate tables (G.726 4.2.3 to 4.2.5): log magnitude (DQLN), scale factor multiplier (W, x32), and F (x512). */
interface RateTables {
  bits: number;
  dqln: number[];
  wi: number[];
  fi: number[];
}

const RATES: Record<number, RateTables> = {
  16000: { bits: 2, dqln: [116, 365, 365, 116], wi: [-704, 14048, 14048, -704], fi: [0, 0xe00, 0xe00, 0] },
  32000: {
    bits: 4,
    dqln: [-2048, 4, 135, 213, 273, 323, 373, 425, 425, 373, 323, 273, 213, 135, 4, -2048],
    wi: [-12, 18, 41, 64, 112, 198, 355, 1122, 1122, 355, 198, 112, 64, 41, 18, -12].map((value) => value * 32),
    fi: [0, 0, 0, 0x200, 0x200, 0x200, 0x600, 0xe00, 0xe00, 0x600, 0x200, 0x200, 0x200, 0, 0, 0],
  },
};

export const G726_BIT_RATES = [16000, 32000] as const;
export type G726BitRate = (typeof G726_BIT_RATES)[number];

/** Index of the first power of two above `value` (the exponent of the floating formats). */
function exponentOf(value: number): number {
  let exponent = 0;
  while (exponent < 15 && value >= 1 << exponent) exponent++;
  return exponent;
}

/** FMULT: a predictor coefficient times a signal in the 4-bit exponent, 6-bit mantissa format. */
function fmult(an: number, srn: number): number {
  const magnitude = an > 0 ? an : -an & 0x1fff;
  const exponent = exponentOf(magnitude) - 6;
  const mantissa = magnitude === 0 ? 32 : exponent >= 0 ? magnitude >> exponent : magnitude << -exponent;
  const productExponent = exponent + ((srn >> 6) & 0xf) - 13;
  const productMantissa = (mantissa * (srn & 0x3f) + 0x30) >> 4;
  const product = productExponent >= 0 ? (productMantissa << productExponent) & 0x7fff : productMantissa >> -productExponent;
  return (an ^ srn) < 0 ? -product : product;
}

/** The 4-bit exponent, 6-bit mantissa form of a signed value (FLOAT A / FLOAT B), as a signed 16-bit word. */
function toFloat(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude === 0) return 0x20;
  const exponent = exponentOf(magnitude);
  const float = (exponent << 6) + ((magnitude << 6) >> exponent);
  return value >= 0 ? float : float - 0x400;
}

/**
 * One G.726 channel's decoder state. Codes are unpacked most significant bits first (the packing
 * of ITU-T I.366.2 / "big-endian" G.726 that the terminals' HiSilicon encoders produce).
 */
export class G726Decoder {
  private readonly tables: RateTables;
  private yl = 34816;
  private yu = 544;
  private dms = 0;
  private dml = 0;
  private ap = 0;
  private readonly a = [0, 0];
  private readonly b = [0, 0, 0, 0, 0, 0];
  private readonly pk = [0, 0];
  private readonly dq = [32, 32, 32, 32, 32, 32];
  private readonly sr = [32, 32];
  private td = 0;

  constructor(readonly bitRate: G726BitRate = 32000) {
    this.tables = RATES[bitRate];
  }

  /** Packed codes to 16-bit PCM samples (8 kHz). */
  decode(data: Buffer): Int16Array {
    const bits = this.tables.bits;
    const out = new Int16Array(Math.floor((data.length * 8) / bits));
    let accumulator = 0;
    let held = 0;
    let n = 0;
    for (const byte of data) {
      accumulator = ((accumulator << 8) | byte) & 0xffff;
      held += 8;
      while (held >= bits) {
        held -= bits;
        out[n++] = this.decodeCode((accumulator >> held) & ((1 << bits) - 1));
      }
    }
    return out;
  }

  private decodeCode(code: number): number {
    const { bits, dqln, wi, fi } = this.tables;
    const sezi = this.predictorZero();
    const sez = sezi >> 1;
    const se = (sezi + this.predictorPole()) >> 1;
    const y = this.stepSize();
    const dq = this.reconstruct(code & (1 << (bits - 1)), dqln[code], y);
    const sr = dq < 0 ? se - (dq & 0x3fff) : se + dq;
    this.update(y, wi[code], fi[code], dq, sr, sr - se + sez);
    return Math.max(-32768, Math.min(32767, sr << 2));
  }

  private predictorZero(): number {
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += fmult(this.b[i] >> 2, this.dq[i]);
    return sum;
  }

  private predictorPole(): number {
    return fmult(this.a[1] >> 2, this.sr[1]) + fmult(this.a[0] >> 2, this.sr[0]);
  }

  /** MIX: the quantizer scale factor between its locked and unlocked values. */
  private stepSize(): number {
    if (this.ap >= 256) return this.yu;
    let y = this.yl >> 6;
    const difference = this.yu - y;
    const al = this.ap >> 2;
    if (difference > 0) y += (difference * al) >> 6;
    else if (difference < 0) y += (difference * al + 0x3f) >> 6;
    return y;
  }

  /** RECONST and ANTILOG: the quantized difference signal. */
  private reconstruct(sign: number, dqln: number, y: number): number {
    const dql = dqln + (y >> 2);
    if (dql < 0) return sign ? -0x8000 : 0;
    const exponent = (dql >> 7) & 15;
    const mantissa = 128 + (dql & 127);
    const dq = (mantissa << 7) >> (14 - exponent);
    return sign ? dq - 0x8000 : dq;
  }

  /** Scale factor, predictor, tone and speed-control adaptation after each sample. */
  private update(y: number, wi: number, fi: number, dq: number, sr: number, dqsez: number): void {
    const pk0 = dqsez < 0 ? 1 : 0;
    const magnitude = dq & 0x7fff;
    // TRANS: a transition from a partial band signal.
    const ylint = this.yl >> 15;
    const ylfrac = (this.yl >> 10) & 0x1f;
    const thr1 = (32 + ylfrac) << ylint;
    const thr2 = ylint > 9 ? 31 << 10 : thr1;
    const dqthr = (thr2 + (thr2 >> 1)) >> 1;
    const transition = this.td !== 0 && magnitude > dqthr;
    // FUNCTW, FILTD, LIMB, FILTE.
    this.yu = Math.max(544, Math.min(5120, y + ((wi - y) >> 5)));
    this.yl += this.yu + (-this.yl >> 6);
    let a2p = 0;
    if (transition) {
      this.a.fill(0);
      this.b.fill(0);
    } else {
      const pks1 = pk0 ^ this.pk[0];
      // UPA2
      a2p = this.a[1] - (this.a[1] >> 7);
      if (dqsez !== 0) {
        const fa1 = pks1 ? this.a[0] : -this.a[0];
        if (fa1 < -8191) a2p -= 0x100;
        else if (fa1 > 8191) a2p += 0xff;
        else a2p += fa1 >> 5;
        if (pk0 ^ this.pk[1]) {
          if (a2p <= -12160) a2p = -12288;
          else if (a2p >= 12416) a2p = 12288;
          else a2p -= 0x80;
        } else if (a2p <= -12416) a2p = -12288;
        else if (a2p >= 12160) a2p = 12288;
        else a2p += 0x80;
      }
      this.a[1] = a2p;
      // UPA1, LIMD
      this.a[0] -= this.a[0] >> 8;
      if (dqsez !== 0) this.a[0] += pks1 === 0 ? 192 : -192;
      const a1ul = 15360 - a2p;
      this.a[0] = Math.max(-a1ul, Math.min(a1ul, this.a[0]));
      // UPB
      for (let i = 0; i < 6; i++) {
        this.b[i] -= this.b[i] >> 8;
        if (magnitude) this.b[i] += (dq ^ this.dq[i]) >= 0 ? 128 : -128;
      }
    }
    for (let i = 5; i > 0; i--) this.dq[i] = this.dq[i - 1];
    this.dq[0] = magnitude === 0 ? (dq >= 0 ? 0x20 : -992) : toFloat(dq >= 0 ? magnitude : -magnitude);
    this.sr[1] = this.sr[0];
    this.sr[0] = sr <= -32768 ? -992 : toFloat(sr);
    this.pk[1] = this.pk[0];
    this.pk[0] = pk0;
    // TONE
    this.td = !transition && a2p < -11776 ? 1 : 0;
    // FILTA, FILTB, SUBTC, FILTC: adaptation speed control.
    this.dms += (fi - this.dms) >> 5;
    this.dml += ((fi << 2) - this.dml) >> 7;
    if (transition) this.ap = 256;
    else if (y < 1536 || this.td === 1 || Math.abs((this.dms << 2) - this.dml) >= this.dml >> 3) this.ap += (0x200 - this.ap) >> 4;
    else this.ap += -this.ap >> 4;
  }
}
