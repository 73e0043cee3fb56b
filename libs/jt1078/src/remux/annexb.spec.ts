import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BitReader, H264Nal, h264NalType, h265NalType, removeEmulationPrevention, splitAnnexB } from './annexb';
import { buildAvcC, h264CodecString, parseH264Sps } from './h264-sps';

const sample = readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.h264'));
const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('splitAnnexB', () => {
  it('splits on 3- and 4-byte start codes and drops trailing zero bytes', () => {
    const units = splitAnnexB(hex('ff 00 00 00 01 67 aa 00 00 01 68 bb 00 00 00 01 65 cc 00 dd 00 00'));
    expect(units.map((unit) => unit.toString('hex'))).toEqual(['67aa', '68bb', '65cc00dd']);
  });

  it('gives nothing for bytes without a start code', () => {
    expect(splitAnnexB(hex('67 42 00 00 02 01'))).toEqual([]);
  });

  it('splits the 8 s sample: SPS, PPS, SEI and IDR first, one IDR a second, 200 slices', () => {
    const types = splitAnnexB(sample).map(h264NalType);
    expect(types.slice(0, 4)).toEqual([H264Nal.SPS, H264Nal.PPS, H264Nal.SEI, H264Nal.IDR]);
    expect(types.filter((type) => type === H264Nal.IDR)).toHaveLength(8);
    expect(types.filter((type) => type === 1 || type === 5)).toHaveLength(200);
  });

  it('reads the H.265 NAL type from the 2-byte header', () => {
    expect(h265NalType(hex('40 01'))).toBe(32);
    expect(h265NalType(hex('26 01'))).toBe(19);
  });
});

describe('removeEmulationPrevention', () => {
  it('takes out the 03 of every 00 00 03 and nothing else', () => {
    expect(removeEmulationPrevention(hex('00 00 03 01 00 00 03 00 00 03 03 00 03')).toString('hex')).toBe('000001000000000300' + '03');
    expect(removeEmulationPrevention(hex('01 00 03 02')).toString('hex')).toBe('01000302');
  });
});

describe('BitReader', () => {
  it('reads Exp-Golomb codes', () => {
    // 1 | 010 | 011 | 00100 | 00101 | 1 -> ue 0, 1, 2, 3, se -2 (code 4), padding
    const reader = new BitReader(Buffer.from([0b10100110, 0b01000010, 0b11000000]));
    expect([reader.ue(), reader.ue(), reader.ue(), reader.ue(), reader.se()]).toEqual([0, 1, 2, 3, -2]);
    expect(reader.bits(1)).toBe(1);
  });

  it('throws past the end instead of reading zeros', () => {
    expect(() => new BitReader(Buffer.from([0])).ue()).toThrow(RangeError);
  });
});

describe('H.264 SPS', () => {
  const [sps, pps] = splitAnnexB(sample);

  it('parses the sample: constrained baseline 66, level 3.0, 480x270 after cropping 272 lines', () => {
    const info = parseH264Sps(sps);
    expect(info).toMatchObject({ profileIdc: 66, constraintFlags: 0xc0, levelIdc: 30, chromaFormatIdc: 1, width: 480, height: 270 });
    expect(h264CodecString(info)).toBe('avc1.42C01E');
  });

  it('builds the avcC ffmpeg writes for the sample', () => {
    // From `ffmpeg -i sample.h264 -c copy sample.mp4`: version 1, profile/compat/level, 4-byte lengths, 1 SPS, 1 PPS.
    expect(buildAvcC([sps], [pps]).toString('hex')).toBe('0142c01effe100196742c01ed901e08feb011000000300100000030320f162e48001000468cb8cb2');
  });

  it('parses a High profile SPS (chroma format, scaling lists absent) and appends its avcC extension', () => {
    // ffmpeg -f lavfi -i testsrc2=size=1280x720 -c:v libx264 -profile:v high: 4:2:0 8-bit, level 3.1.
    const high = hex('6764001facd9405005bb011000000300100000030320f1831960');
    const info = parseH264Sps(high);
    expect(info).toMatchObject({ profileIdc: 100, levelIdc: 31, chromaFormatIdc: 1, width: 1280, height: 720 });
    expect(buildAvcC([high], [hex('68ebe3cb22c0')]).subarray(-4).toString('hex')).toBe('fdf8f800');
  });
});
