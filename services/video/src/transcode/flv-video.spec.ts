import { FlvVideoReader } from './flv-video';

const header = Buffer.from([0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0]);
function tag(type: number, body: Buffer): Buffer {
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = type;
  out.writeUIntBE(body.length, 1, 3);
  body.copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}
const sps = Buffer.from([0x67, 0x42, 0xc0, 0x1e, 0xab]);
const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
const record = Buffer.concat([Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, sps.length]), sps, Buffer.from([1, 0, pps.length]), pps]);
const nalu = (...nals: Buffer[]) => Buffer.concat(nals.flatMap((nal) => [Buffer.from([0, 0, 0, nal.length]), nal]));
const idr = Buffer.from([0x65, 0x88, 0x84, 0x00]);
const slice = Buffer.from([0x41, 0x9a, 0x02]);
const annexB = (...nals: Buffer[]) => Buffer.concat(nals.flatMap((nal) => [Buffer.from([0, 0, 0, 1]), nal])).toString('hex');

describe('FLV video reader (ffmpeg H.264 output to frames)', () => {
  const stream = Buffer.concat([
    header,
    tag(18, Buffer.from('onMetaData')),
    tag(9, Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), record])),
    tag(9, Buffer.concat([Buffer.from([0x17, 1, 0, 0, 0]), nalu(idr)])),
    tag(9, Buffer.concat([Buffer.from([0x27, 1, 0, 0, 0]), nalu(slice, slice)])),
  ]);

  it('hands each frame out as soon as its tag is whole, whatever the chunk sizes, with start codes and the sequence header\'s SPS/PPS on keyframes', () => {
    for (const size of [1, 3, 7, 16, stream.length]) {
      const reader = new FlvVideoReader();
      const frames = [];
      for (let at = 0; at < stream.length; at += size) frames.push(...reader.push(stream.subarray(at, at + size)));
      expect(frames.map((frame) => [frame.keyframe, frame.data.toString('hex')])).toEqual([
        [true, annexB(sps, pps, idr)],
        [false, annexB(slice, slice)],
      ]);
    }
  });

  it('gives up on bytes that are not FLV', () => {
    const reader = new FlvVideoReader();
    expect(reader.push(Buffer.from('this is no flv stream at all'))).toEqual([]);
    expect(reader.broken).toBe('not FLV');
  });
});
