// ITU-T G.726 ADPCM at 16, 24, 32 and 40 kbit/s, decoder and encoder (the encoder for talk-back to
// terminals), written here because no maintained npm package codes it. It follows the
// Recommendation's section 4 blocks the way the public-domain Sun Microsystems reference (g72x.c,
// g721.c, g723_24.c, g723_40.c) arranges them, in fixed point; the 2-bit (16 kbit/s) tables are
// those of the 2-bit extension. At 40 kbit/s the zero predictor leaks by 2^-9 (G.726 4.2.7; ffmpeg
// uses 2^-8). No ITU test vectors are available here, so g726.spec.ts checks both directions
// against ffmpeg's G.726 (not bit-exact itself) by signal to noise ratio and first samples.

/** Per-rate tables (G.726 4.2.2 to 4.2.5): decision levels (QTAB), log magnitude (DQLN), scale factor multiplier (W, x32), and F (x512). */
interface RateTables {
  bits: number;
  qtab: number[];
  dqln: number[];
  wi: number[];
  fi: number[];
}

const RATES: Record<number, RateTables> = {
  16000: { bits: 2, qtab: [261], dqln: [116, 365, 365, 116], wi: [-704, 14048, 14048, -704], fi: [0, 0xe00, 0xe00, 0] },
  24000: { bits: 3, qtab: [8, 218, 331], dqln: [-2048, 135, 273, 373, 373, 273, 135, -2048], wi: [-128, 960, 4384, 18624, 18624, 4384, 960, -128], fi: [0, 0x200, 0x400, 0xe00, 0xe00, 0x400, 0x200, 0] },
  32000: {
    bits: 4,
    qtab: [-124, 80, 178, 246, 300, 349, 400],
    dqln: [-2048, 4, 135, 213, 273, 323, 373, 425, 425, 373, 323, 273, 213, 135, 4, -2048],
    wi: [-12, 18, 41, 64, 112, 198, 355, 1122, 1122, 355, 198, 112, 64, 41, 18, -12].map((value) => value * 32),
    fi: [0, 0, 0, 0x200, 0x200, 0x200, 0x600, 0xe00, 0xe00, 0x600, 0x200, 0x200, 0x200, 0, 0, 0],
  },
  40000: {
    bits: 5,
    qtab: [-122, -16, 68, 139, 198, 250, 298, 339, 378, 413, 445, 475, 502, 528, 553],
    dqln: [-2048, -66, 28, 104, 169, 224, 274, 318, 358, 395, 429, 459, 488, 514, 539, 566, 566, 539, 514, 488, 459, 429, 395, 358, 318, 274, 224, 169, 104, 28, -66, -2048],
    wi: [448, 448, 768, 1248, 1280, 1312, 1856, 3200, 4512, 5728, 7008, 8960, 11456, 14080, 16928, 22272, 22272, 16928, 14080, 11456, 8960, 7008, 5728, 4512, 3200, 1856, 1312, 1280, 1248, 768, 448, 448],
    fi: [0, 0, 0, 0, 0, 0x200, 0x200, 0x200, 0x200, 0x200, 0x400, 0x600, 0x800, 0xa00, 0xc00, 0xc00, 0xc00, 0xc00, 0xa00, 0x800, 0x600, 0x400, 0x200, 0x200, 0x200, 0x200, 0x200, 0, 0, 0, 0, 0],
  },
};

export const G726_BIT_RATES = [16000, 24000, 32000, 40000] as const;
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
 * One G.726 channel's adaptive state (predictors, scale factor, speed control), shared by the
 * decoder and the encoder: an encoder runs the decoder's steps to track what the far end hears.
 */
abstract class G726Coder {
  protected readonly tables: RateTables;
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

  /** The signal estimate for the next sample: SEZ (zeros only), SE (whole) and the step size Y. */
  protected estimate(): { sez: number; se: number; y: number } {
    const sezi = this.predictorZero();
    return { sez: sezi >> 1, se: (sezi + this.predictorPole()) >> 1, y: this.stepSize() };
  }

  /** Takes one code: the reconstructed signal (SR, 14-bit), with the state adapted. */
  protected apply(code: number, estimate: { sez: number; se: number; y: number }): number {
    const { bits, dqln, wi, fi } = this.tables;
    const { sez, se, y } = estimate;
    const dq = this.reconstruct(code & (1 << (bits - 1)), dqln[code], y);
    const sr = dq < 0 ? se - (dq & 0x3fff) : se + dq;
    this.update(y, wi[code], fi[code], dq, sr, sr - se + sez);
    return sr;
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
      // 40 kbit/s leaks the zero predictor more slowly (G.726 4.2.7: 2^-9).
      const leak = this.tables.bits === 5 ? 9 : 8;
      for (let i = 0; i < 6; i++) {
        this.b[i] -= this.b[i] >> leak;
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

/**
 * A G.726 decoder. Codes are unpacked most significant bits first (the packing of ITU-T I.366.2 /
 * "big-endian" G.726 that the terminals' HiSilicon encoders produce).
 */
export class G726Decoder extends G726Coder {
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
        out[n++] = Math.max(-32768, Math.min(32767, this.apply((accumulator >> held) & ((1 << bits) - 1), this.estimate()) << 2));
      }
    }
    return out;
  }
}

/** A G.726 encoder (G.726 4.2.1-4.2.2, the reference's quantize()); codes packed most significant bits first, as the decoder reads them. */
export class G726Encoder extends G726Coder {
  private carry = 0;
  private carried = 0;

  /** 16-bit PCM samples (8 kHz) to packed codes; bits that do not fill a byte wait for the next call. */
  encode(pcm: Int16Array): Buffer {
    const bits = this.tables.bits;
    const out = Buffer.alloc(Math.floor((this.carried + pcm.length * bits) / 8));
    let n = 0;
    for (const sample of pcm) {
      const estimate = this.estimate();
      // The reference codes 14-bit linear input.
      const code = this.quantize((sample >> 2) - estimate.se, estimate.y);
      this.apply(code, estimate);
      this.carry = ((this.carry << bits) | code) & 0xffff;
      this.carried += bits;
      if (this.carried >= 8) {
        this.carried -= 8;
        out[n++] = (this.carry >> this.carried) & 0xff;
      }
    }
    return out;
  }

  /** LOG, SUBTB and QUANTIZE: the code for the difference `d` at step size `y`. */
  private quantize(d: number, y: number): number {
    const { bits, qtab } = this.tables;
    const magnitude = Math.abs(d);
    const exponent = exponentOf(magnitude >> 1);
    const dln = (exponent << 7) + (((magnitude << 7) >> exponent) & 0x7f) - (y >> 2);
    let i = 0;
    while (i < qtab.length && dln >= qtab[i]) i++;
    const allOnes = (1 << bits) - 1;
    if (d < 0) return allOnes - i;
    // A positive difference below the first level takes the all-ones code (the 1988 revision), except in 2-bit coding, which has no zero level.
    return i === 0 && bits > 2 ? allOnes : i;
  }
}
