// Mutation fuzzing: every mutated frame must decode to a message or fail with Jt808DecodeError.
import { buildFrame, h, VECTORS } from '../test/vectors';
import { decodeFrame, encodeFrame, Jt808Deframer, Jt808DecodeError, Jt808EncodeError } from './index';

const FRAMES = 1_000_000;

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

function escape(content: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(content.length * 2 + 2);
  let n = 0;
  out[n++] = 0x7e;
  for (let i = 0; i < content.length; i++) {
    const b = content[i];
    if (b === 0x7e || b === 0x7d) {
      out[n++] = 0x7d;
      out[n++] = b === 0x7e ? 0x02 : 0x01;
    } else out[n++] = b;
  }
  out[n++] = 0x7e;
  return out.subarray(0, n);
}

// Unescaped header+body of every vector (checksum excluded), the seeds of the mutations.
const seeds = VECTORS.map((v) => {
  const frame = buildFrame(v);
  const content: number[] = [];
  for (let i = 1; i < frame.length - 1; i++) {
    if (frame[i] === 0x7d) content.push(frame[++i] === 0x01 ? 0x7d : 0x7e);
    else content.push(frame[i]);
  }
  return Buffer.from(content.slice(0, -1));
});

function mutate(next: () => number): Buffer {
  const seed = seeds[next() % seeds.length];
  let c = Buffer.from(seed);
  const rounds = 1 + (next() % 3);
  for (let r = 0; r < rounds; r++) {
    const op = next() % 6;
    const at = c.length === 0 ? 0 : next() % c.length;
    if (op === 0 && c.length)
      c[at] ^= 1 << (next() % 8); // bit flip
    else if (op === 1)
      c = Buffer.concat([c.subarray(0, at), Buffer.from([next() & 0xff]), c.subarray(at)]); // insert
    else if (op === 2 && c.length)
      c = Buffer.concat([c.subarray(0, at), c.subarray(at + 1)]); // delete
    else if (op === 3)
      c = c.subarray(0, at); // truncate
    else if (op === 4 && c.length >= 4) {
      // length tampering: rewrite the 10-bit body length
      const len = next() % 1024;
      c[2] = (c[2] & 0xfc) | (len >> 8);
      c[3] = len & 0xff;
    } else if (c.length >= 4) {
      // body-only damage that keeps the length consistent (reaches the body decoders)
      const bodyAt = Math.min(c.length - 1, 12 + (next() % Math.max(1, c.length - 12)));
      c[bodyAt] = next() & 0xff;
    }
  }
  // Half the frames get a correct checksum so that body decoders see them.
  let sum = next() & 0xff;
  if (next() & 1) {
    sum = 0;
    for (let i = 0; i < c.length; i++) sum ^= c[i];
  }
  const withSum = Buffer.allocUnsafe(c.length + 1);
  c.copy(withSum);
  withSum[c.length] = sum;
  const frame = escape(withSum);
  // Occasionally damage the escaped form itself (bad escapes, stray flags).
  if (next() % 16 === 0) frame[1 + (next() % Math.max(1, frame.length - 2))] = next() % 2 ? 0x7d : 0x7e;
  return frame;
}

describe('mutation fuzz', () => {
  it(`${FRAMES.toLocaleString('en')} mutated frames give a message or a Jt808DecodeError, nothing else`, () => {
    const next = rng(0x808);
    const unexpected: string[] = [];
    const codes: Record<string, number> = {};
    let decoded = 0;
    let reencoded = 0;
    for (let i = 0; i < FRAMES; i++) {
      const frame = mutate(next);
      let msg;
      try {
        msg = decodeFrame(frame);
      } catch (e) {
        if (e instanceof Jt808DecodeError && e.hex.length > 0) codes[e.code] = (codes[e.code] ?? 0) + 1;
        else if (unexpected.length < 5) unexpected.push(`${String(e)} <- ${frame.toString('hex')}`);
        continue;
      }
      decoded++;
      // What decodes must encode again (or fail with the typed encode error), never crash.
      try {
        if (encodeFrame(msg).equals(frame)) reencoded++;
      } catch (e) {
        if (!(e instanceof Jt808EncodeError) && unexpected.length < 5)
          unexpected.push(`encode: ${String(e)} <- ${frame.toString('hex')}`);
      }
    }
    expect(unexpected).toEqual([]);
    // The mix must really exercise both outcomes and the main error paths.
    expect(decoded).toBeGreaterThan(FRAMES / 20);
    for (const code of ['CHECKSUM_MISMATCH', 'LENGTH_MISMATCH', 'BAD_ESCAPE', 'TRUNCATED', 'BAD_FIELD'])
      expect(codes[code]).toBeGreaterThan(0);
    expect(reencoded / decoded).toBeGreaterThan(0.9);
  }, 60_000);

  it('a deframed stream of mutated frames and garbage yields only frames or typed errors', () => {
    const next = rng(1078);
    const parts: Buffer[] = [];
    for (let i = 0; i < 20_000; i++) {
      parts.push(mutate(next));
      if (next() % 8 === 0) parts.push(Buffer.from(h('01 02 03 7d // noise with a dangling escape'), 'hex'));
    }
    const stream = Buffer.concat(parts);
    const d = new Jt808Deframer();
    let ok = 0;
    for (let i = 0; i < stream.length;) {
      const n = 1 + (next() % 1500);
      for (const item of d.push(stream.subarray(i, i + n))) {
        if (item instanceof Jt808DecodeError) continue;
        try {
          decodeFrame(item);
          ok++;
        } catch (e) {
          expect(e).toBeInstanceOf(Jt808DecodeError);
        }
      }
      i += n;
    }
    expect(ok).toBeGreaterThan(1000);
  });
});
