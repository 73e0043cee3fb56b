import { decodeFrame, encodeFrame } from './frame';
import { GeneralReplyEncoder } from './general-reply';
import { Jt808EncodeError } from './errors';
import type { Jt808Version } from './types';

const hex = (s: string): string => s.replace(/\s+/g, '');

describe('GeneralReplyEncoder (0x8001 by patching a prepared header)', () => {
  it('writes JT/T 808-2013 8.1/8.2 byte for byte (2013 header)', () => {
    // 80 01 msg id | 00 05 props: body length 5 | 01 38 00 13 80 00 phone BCD[6] | 00 01 serial
    // | 01 02 reply serial | 02 00 reply id | 00 result | 2E XOR of everything between the flags.
    const frame = new GeneralReplyEncoder('2013', '013800138000').encode(1, 0x0102, 0x0200, 0);
    expect(frame.toString('hex')).toBe(hex('7e 8001 0005 013800138000 0001 0102 0200 00 2e 7e'));
  });

  it('writes the 2019 header (version bit, protocol version, BCD[10]) and escapes 0x7E and 0x7D', () => {
    // serial 0x007E -> 00 7D02, reply serial 0x7D02 -> 7D01 02; XOR 0x6C.
    const frame = new GeneralReplyEncoder('2019', '013800138000').encode(0x007e, 0x7d02, 0x0200, 0);
    expect(frame.toString('hex')).toBe(hex('7e 8001 4005 01 00000000013800138000 007d02 7d0102 0200 00 6c 7e'));
  });

  const versions: Jt808Version[] = ['2011', '2013', '2019'];
  // Phones whose BCD holds 0x7E / 0x7D (hex digits are accepted by the encoder), short ones (zero-padded) and long 2019 ones.
  const phones = ['013800138000', '7e7d7e7d7e7d', '17d', '7e', '12345678901234567890', '00000000000000007e7d'];
  // Every WORD value whose high or low byte is 0x7E or 0x7D, plus ordinary ones.
  const words = [0, 1, 0x7d, 0x7e, 0x7d00, 0x7e00, 0x7e7d, 0x7d7e, 0x7e7e, 0x0200, 0xffff, 0x1234];
  const results = [0, 1, 2, 3, 4, 0x7d, 0x7e, 0xff];

  it.each(versions)('gives the bytes encodeFrame gives, %s edition, for every escape case', (version) => {
    let compared = 0;
    for (const phone of phones) {
      if (version !== '2019' && phone.length > 12) continue;
      const encoder = new GeneralReplyEncoder(version, phone);
      for (const serial of words)
        for (const replySerial of words)
          for (const replyId of [0x0200, 0x0102, 0x7e7d, 0x7d7e])
            for (const result of results) {
              const expected = encodeFrame({ msgId: 0x8001, version, phone, serial, body: { replySerial, replyId, result } });
              const actual = encoder.encode(serial, replySerial, replyId, result);
              if (!actual.equals(expected)) throw new Error(`${version} ${phone} ${serial} ${replySerial} ${replyId} ${result}: ${actual.toString('hex')} != ${expected.toString('hex')}`);
              compared++;
            }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('covers a checksum that itself needs escaping, and decodes back', () => {
    const encoder = new GeneralReplyEncoder('2013', '013800138000');
    const checks = new Set<number>();
    for (let result = 0; result < 256; result++) {
      const frame = encoder.encode(7, 9, 0x0200, result);
      const decoded = decodeFrame(frame);
      expect(decoded).toMatchObject({ msgId: 0x8001, version: '2013', phone: '013800138000', serial: 7, body: { replySerial: 9, replyId: 0x0200, result } });
      // The checksum byte sits before the closing flag, escaped when it is 0x7E/0x7D.
      const last = frame[frame.length - 2]!;
      checks.add(frame[frame.length - 3] === 0x7d && (last === 1 || last === 2) ? 0x7c + last : last);
    }
    expect(checks.has(0x7e) && checks.has(0x7d)).toBe(true);
  });

  it('refuses what encodeFrame refuses', () => {
    const encoder = new GeneralReplyEncoder('2013', '013800138000');
    expect(() => encoder.encode(0x10000, 0, 0x0200, 0)).toThrow(Jt808EncodeError);
    expect(() => encoder.encode(0, -1, 0x0200, 0)).toThrow(Jt808EncodeError);
    expect(() => encoder.encode(0, 0, 0x0200, 256)).toThrow(Jt808EncodeError);
    expect(() => new GeneralReplyEncoder('2013', '0138001380001')).toThrow(Jt808EncodeError);
    expect(() => new GeneralReplyEncoder('2013', 'phone')).toThrow(Jt808EncodeError);
    expect(() => new GeneralReplyEncoder('2015' as Jt808Version, '013800138000')).toThrow(Jt808EncodeError);
  });
});
