import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { H265Nal, h265NalType, splitAnnexB } from './annexb';
import { buildHvcC, h265CodecString, parseH265Sps, type H265SpsInfo } from './h265-sps';

// ffmpeg -f lavfi -i testsrc2=size=320x240:rate=25 -t 1 -c:v libx265 -x265-params log-level=error:bframes=0 -g 25
//   -bsf:v hevc_mp4toannexb -f hevc fixtures/sample.h265   (Main, level 2, no B frames as terminals send)
const units = splitAnnexB(readFileSync(join(__dirname, 'fixtures/sample.h265')));
const ofType = (type: number) => units.filter((unit) => h265NalType(unit) === type);

describe('H.265 SPS', () => {
  it('parses the fixture: Main, Main-compatible, level 60, progressive frame-only, 320x240', () => {
    const info = parseH265Sps(ofType(H265Nal.SPS)[0]);
    expect(info).toMatchObject({ profileSpace: 0, tierFlag: 0, profileIdc: 1, compatibilityFlags: 0x60000000, levelIdc: 60, chromaFormatIdc: 1, bitDepthLumaMinus8: 0, width: 320, height: 240 });
    expect(info.constraintFlags.toString('hex')).toBe('900000000000');
  });

  it('names it hvc1.1.6.L60.90', () => {
    expect(h265CodecString(parseH265Sps(ofType(H265Nal.SPS)[0]))).toBe('hvc1.1.6.L60.90');
  });

  it('writes the codec string per ISO/IEC 14496-15 E.3 for Main 10, high tier, profile space 1', () => {
    const info = { profileSpace: 1, tierFlag: 1, profileIdc: 2, compatibilityFlags: 0x20000000, levelIdc: 153, constraintFlags: Buffer.from([0xb0, 0, 0x10, 0, 0, 0]) } as H265SpsInfo;
    expect(h265CodecString(info)).toBe('hvc1.A2.4.H153.B0.0.10');
  });

  it('builds the hvcC ffmpeg writes, with array_completeness set as hvc1 requires', () => {
    // `ffmpeg -i sample.h265 -c copy x.mp4` record; ffmpeg leaves array_completeness 0 (the 20/21/22 array bytes).
    const ffmpeg =
      '0101600000009000000000003cf000fcfdf8f800000f03' +
      '200001001840010c01ffff01600000030090000003000003003c92809021' +
      '0001002942010101600000030090000003000003003ca00a080f16592a4932bc05a02000000300200000030321' +
      '22000100074401c172b46240';
    const expected = ffmpeg.replace('03200001', '03a00001').replace('9021000100', '90a1000100').replace('032122000100', '0321a2000100');
    expect(buildHvcC(ofType(H265Nal.VPS), ofType(H265Nal.SPS), ofType(H265Nal.PPS)).toString('hex')).toBe(expected);
  });
});
