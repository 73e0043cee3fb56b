import { buildFrame, LOCATION_TYPICAL, VECTORS } from '../../test/vectors';
import { Jt808DecodeError } from '../errors';
import { decodeFrame } from '../frame';
import { Jt808Deframer } from './deframer';
import { MAX_ESCAPED_FRAME_LENGTH } from './escape';

const a = buildFrame(LOCATION_TYPICAL);
const b = buildFrame(VECTORS.find((v) => v.name.includes('need escaping'))!);
const c = buildFrame(VECTORS[0]);

function feed(d: Jt808Deframer, chunks: Buffer[]): (string | Jt808DecodeError)[] {
  const out: (string | Jt808DecodeError)[] = [];
  for (const chunk of chunks)
    for (const item of d.push(chunk))
      out.push(item instanceof Jt808DecodeError ? item : item.toString('hex'));
  return out;
}

describe('Jt808Deframer', () => {
  it('yields frames split at every possible position', () => {
    const stream = Buffer.concat([a, b, c]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const out = feed(new Jt808Deframer(), [stream.subarray(0, cut), stream.subarray(cut)]);
      expect(out).toEqual([a.toString('hex'), b.toString('hex'), c.toString('hex')]);
    }
  });

  it('handles one byte at a time and random chunk sizes', () => {
    const stream = Buffer.concat([a, b, c, a]);
    const bytes = [...stream].map((x) => Buffer.from([x]));
    expect(feed(new Jt808Deframer(), bytes)).toHaveLength(4);
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < stream.length;) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = 1 + (seed % 40);
        chunks.push(stream.subarray(i, i + n));
        i += n;
      }
      expect(feed(new Jt808Deframer(), chunks)).toEqual([a, b, c, a].map((x) => x.toString('hex')));
    }
  });

  it('resynchronises on garbage before, between and after frames', () => {
    const d = new Jt808Deframer();
    const stream = Buffer.concat([
      Buffer.from('0102030405', 'hex'),
      a,
      Buffer.from('ffff', 'hex'),
      b,
      Buffer.from('99', 'hex'),
      c,
      Buffer.from('aa', 'hex'),
    ]);
    expect(feed(d, [stream])).toEqual([a, b, c].map((x) => x.toString('hex')));
    expect(d.stats.frames).toBe(3);
    expect(d.stats.garbageBytes).toBe(5 + 2 + 1 + 1);
  });

  it('recovers when the stream starts in the middle of a frame', () => {
    const out = feed(new Jt808Deframer(), [a.subarray(10), b, c]);
    // the tail of `a` is garbage; b and c come through intact
    expect(out.filter((x) => typeof x === 'string')).toEqual([b, c].map((x) => x.toString('hex')));
  });

  it('a frame the decoder rejects does not lose the next one', () => {
    const broken = Buffer.from(a);
    broken[5] ^= 0xff;
    const out = feed(new Jt808Deframer(), [Buffer.concat([broken, c])]) as string[];
    expect(out).toHaveLength(2);
    expect(() => decodeFrame(Buffer.from(out[0], 'hex'))).toThrow(Jt808DecodeError);
    expect(decodeFrame(Buffer.from(out[1], 'hex')).msgId).toBe(VECTORS[0].msgId);
  });

  it('reports FRAME_TOO_LARGE without buffering the whole thing, then carries on', () => {
    const d = new Jt808Deframer();
    const huge = Buffer.alloc(MAX_ESCAPED_FRAME_LENGTH + 500, 0x11);
    huge[0] = 0x7e;
    const out = feed(d, [huge.subarray(0, 1000), huge.subarray(1000), Buffer.from([0x7e]), c]);
    expect(out[0]).toBeInstanceOf(Jt808DecodeError);
    expect((out[0] as Jt808DecodeError).code).toBe('FRAME_TOO_LARGE');
    expect(out[1]).toBe(c.toString('hex'));
    expect(d.pending).toBe(0);
  });

  it('returned frames decode to the original messages', () => {
    const [frame] = new Jt808Deframer().push(a) as Buffer[];
    expect(decodeFrame(frame).body).toEqual(LOCATION_TYPICAL.expect);
  });
});
