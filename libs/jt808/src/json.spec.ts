import { buildFrame, VECTORS } from '../test/vectors';
import {
  decodeHexToJson,
  encodeJsonToHex,
  errorToJson,
  Jt808DecodeError,
  messageFromJson,
  parseHex,
} from './index';

describe('operator JSON (CLI mapping)', () => {
  it('always has msgId as 0x hex, version, phone with leading zeros, serial and body', () => {
    const json = decodeHexToJson(buildFrame({ ...VECTORS[0], serial: 42 }).toString('hex'));
    expect(json).toMatchObject({
      msgId: '0x0001',
      version: '2013',
      phone: '013912345678',
      serial: 42,
      body: VECTORS[0].expect,
    });
  });

  it('accepts hex with spaces and a 0x prefix', () => {
    const hex = buildFrame(VECTORS[0]).toString('hex');
    expect(parseHex('0x' + hex.replace(/(..)/g, '$1 ')).toString('hex')).toBe(hex);
  });

  it('maps decode failures to { error: { code, message, hex } }', () => {
    const bad = buildFrame(VECTORS[0]).toString('hex').replace(/..7e$/, '007e');
    let out;
    try {
      decodeHexToJson(bad);
    } catch (e) {
      out = errorToJson(e, bad);
    }
    expect(out).toEqual({ error: { code: 'CHECKSUM_MISMATCH', message: expect.any(String), hex: bad } });
    expect(errorToJson(new Jt808DecodeError('BAD_ESCAPE', 'x', 'ab'))).toEqual({
      error: { code: 'BAD_ESCAPE', message: 'x', hex: 'ab' },
    });
    expect(() => parseHex('abc')).toThrow(Jt808DecodeError);
  });

  it('encodes hand-written JSON (numeric msgId, default version, short phone padded)', () => {
    const hex = encodeJsonToHex({
      msgId: 0x8001,
      phone: '13912345678',
      serial: 1,
      body: { replySerial: 1, replyId: 0x0200, result: 0 },
    });
    expect(hex).toBe(buildFrame(VECTORS.find((v) => v.msgId === 0x8001)!).toString('hex'));
    expect(
      messageFromJson({ msgId: '0x0002', version: '2019', phone: '1', serial: 0, body: {} }).version,
    ).toBe('2019');
  });
});
