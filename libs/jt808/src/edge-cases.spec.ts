// Edges a mutation run showed untested: calendar rules of BCD[6] times, a bare 0x7E inside a frame,
// and escapes in the header and at the checksum position. Expected bytes come from `buildFrame`
// (test/vectors.ts), which escapes by the standard's §5.2 without using the library.
import { buildFrame } from '../test/vectors';
import { bcdTimeToDate, decodeFrame, encodeFrame, Jt808DecodeError } from './index';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof Jt808DecodeError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('BCD[6] time (YYMMDDhhmmss, UTC+8)', () => {
  it.each([
    ['250431120000', 'April has 30 days'],
    ['250229120000', '2025 is not a leap year'],
    ['251301120000', 'month 13'],
    ['250001120000', 'month 0'],
    ['250300120000', 'day 0'],
    ['250301240000', 'hour 24'],
    ['2503011200a0', 'a non-BCD digit'],
  ])('%s is not a date (%s)', (digits) => {
    expect(bcdTimeToDate(digits)).toBeNull();
  });

  it.each([
    ['240229120000', '2024-02-29T04:00:00.000Z'],
    ['000229000000', '2000-02-28T16:00:00.000Z'],
    ['250430235959', '2025-04-30T15:59:59.000Z'],
    ['251231235959', '2025-12-31T15:59:59.000Z'],
  ])('%s is %s', (digits, iso) => {
    expect(bcdTimeToDate(digits)?.toISOString()).toBe(iso);
  });
});

describe('escaping (JT/T 808-2013 §5.2)', () => {
  it('a bare 0x7E inside a frame is BAD_ESCAPE', () => {
    // 0x0002 heartbeat, 2013 header, serial 1, then a stray 0x7E before the checksum.
    const frame = Buffer.from('7e' + '0002' + '0000' + '013912345678' + '0001' + '7e' + '00' + '7e', 'hex');
    expect(codeOf(() => decodeFrame(frame))).toBe('BAD_ESCAPE');
  });

  it('escapes 0x7E and 0x7D in the header (serial 0x7E7D) both ways', () => {
    const expected = buildFrame({ name: 'heartbeat', msgId: 0x0002, version: '2013', body: '', expect: {}, serial: 0x7e7d });
    // header: 0002 0000 013912345678, then the serial escaped as 7d02 7d01.
    expect(expected.toString('hex')).toContain('0139123456787d027d01');
    expect(Buffer.from(encodeFrame({ msgId: 0x0002, version: '2013', phone: '013912345678', serial: 0x7e7d, body: {} })).equals(expected)).toBe(true);
    expect(decodeFrame(expected).serial).toBe(0x7e7d);
  });

  it.each([
    [0x7e, '7d02'],
    [0x7d, '7d01'],
  ])('escapes a checksum byte %i (0x7E, 0x7D) as %s just before the end flag', (checksum, escaped) => {
    // Find the serial whose heartbeat checksum is the flag byte, then compare with the independent builder.
    let serial = 0;
    for (; serial < 0x10000; serial++) {
      const content = Buffer.from('0002' + '0000' + '013912345678' + serial.toString(16).padStart(4, '0'), 'hex');
      if (content.reduce((a, b) => a ^ b, 0) === checksum) break;
    }
    const expected = buildFrame({ name: 'heartbeat', msgId: 0x0002, version: '2013', body: '', expect: {}, serial });
    expect(expected.subarray(-3).toString('hex')).toBe(`${escaped}7e`);
    expect(Buffer.from(encodeFrame({ msgId: 0x0002, version: '2013', phone: '013912345678', serial, body: {} })).equals(expected)).toBe(true);
    expect(decodeFrame(expected).serial).toBe(serial);
  });
});
