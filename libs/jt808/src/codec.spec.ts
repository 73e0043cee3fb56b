import { buildFrame, h, VECTORS } from '../test/vectors';
import {
  decodeFrame,
  decodeHexToJson,
  encodeFrame,
  encodeJsonToHex,
  getCodec,
  Jt808DecodeError,
} from './index';
import type { Jt808Message } from './index';

describe('message vectors (exact bytes both ways)', () => {
  it.each(VECTORS.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const frame = buildFrame(v);
    const msg = decodeFrame(frame);
    expect(msg.msgId).toBe(v.msgId);
    expect(msg.version).toBe(v.version);
    expect(msg.serial).toBe(v.serial ?? 1);
    expect(msg.subpackage).toEqual(v.subpackage);
    expect(msg.body).toEqual(v.expect);
    // decode -> encode is byte-exact
    expect(encodeFrame(msg).toString('hex')).toBe(frame.toString('hex'));
    // the expected model alone encodes to the same bytes
    const fromModel: Jt808Message = {
      msgId: v.msgId,
      version: v.version,
      phone: msg.phone,
      serial: v.serial ?? 1,
      subpackage: v.subpackage,
      body: v.expect,
    };
    expect(encodeFrame(fromModel).toString('hex')).toBe(frame.toString('hex'));
    // operator JSON round trip
    const json = decodeHexToJson(frame.toString('hex'));
    expect(encodeJsonToHex(JSON.parse(JSON.stringify(json)))).toBe(frame.toString('hex'));
  });

  it('covers every registered message id', () => {
    const covered = new Set(VECTORS.filter((v) => !v.subpackage).map((v) => v.msgId));
    const missing = VECTORS.length && [...covered].filter((id) => !getCodec(id) && id !== 0x0f01);
    expect(missing).toEqual([]);
    const { supportedMessageIds } = jest.requireActual('./index') as typeof import('./index');
    expect(supportedMessageIds().filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('header', () => {
  it('keeps leading zeros of the phone as sent (2013 BCD[6], 2019 BCD[10])', () => {
    const m2013 = decodeFrame(buildFrame({ ...VECTORS[1], phone: '000012345678' }));
    expect(m2013.phone).toBe('000012345678');
    const m2019 = decodeFrame(buildFrame({ ...VECTORS[2], phone: '00000000013912345678' }));
    expect(m2019.phone).toBe('00000000013912345678');
    expect(m2019.protocolVersion).toBeUndefined();
  });

  it('reads subpackage total and index', () => {
    const m = decodeFrame(
      buildFrame({
        name: '',
        msgId: 0x0801,
        version: '2019',
        body: 'aa',
        expect: null,
        subpackage: { total: 5, index: 5 },
      }),
    );
    expect(m.subpackage).toEqual({ total: 5, index: 5 });
    expect(m.body).toEqual({ hex: 'aa' });
  });

  it('rejects a subpackage index outside 1..total', () => {
    const frame = buildFrame({
      name: '',
      msgId: 0x0801,
      version: '2013',
      body: 'aa',
      expect: null,
      subpackage: { total: 2, index: 3 },
    });
    expect(() => decodeFrame(frame)).toThrow(expect.objectContaining({ code: 'BAD_FIELD' }));
  });

  it('accepts frames with or without the 0x7E flags', () => {
    const frame = buildFrame(VECTORS[0]);
    expect(decodeFrame(frame.subarray(1, frame.length - 1)).body).toEqual(VECTORS[0].expect);
  });

  it('preserves the reserved bit and a non-1 protocol version byte', () => {
    const frame = Buffer.from(buildFrame(VECTORS[2]));
    // props 0x4000 -> 0xC000 (reserved bit 15), protocol version 1 -> 2; fix the checksum
    frame[3] |= 0x80;
    frame[5] = 2;
    frame[frame.length - 2] = frame.subarray(1, frame.length - 2).reduce((a, b) => a ^ b, 0);
    const m = decodeFrame(frame);
    expect(m.reservedBit).toBe(true);
    expect(m.protocolVersion).toBe(2);
    expect(encodeFrame(m).equals(frame)).toBe(true);
  });
});

function withBody(msgId: number, props: number, bodyHex: string): Buffer {
  const content = Buffer.from(
    `${msgId.toString(16).padStart(4, '0')}${props.toString(16).padStart(4, '0')}0139123456780001${h(bodyHex)}`,
    'hex',
  );
  const sum = content.reduce((a, b) => a ^ b, 0);
  return Buffer.concat([Buffer.from([0x7e]), content, Buffer.from([sum, 0x7e])]);
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(Jt808DecodeError);
    return (e as Jt808DecodeError).code;
  }
  return 'OK';
}

describe('decode errors', () => {
  const good = buildFrame(VECTORS[0]);

  it('CHECKSUM_MISMATCH, with the raw hex kept', () => {
    const bad = Buffer.from(good);
    bad[bad.length - 2] ^= 0xff;
    try {
      decodeFrame(bad);
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(Jt808DecodeError);
      expect((e as Jt808DecodeError).code).toBe('CHECKSUM_MISMATCH');
      expect((e as Jt808DecodeError).hex).toBe(bad.toString('hex'));
    }
  });

  it('LENGTH_MISMATCH when the properties disagree with the body', () => {
    expect(codeOf(() => decodeFrame(withBody(0x0001, 5, '00010200')))).toBe('LENGTH_MISMATCH');
  });

  it('BAD_ESCAPE on 0x7D followed by anything but 01/02', () => {
    expect(codeOf(() => decodeFrame(Buffer.from('7e00017d0300007e', 'hex')))).toBe('BAD_ESCAPE');
    expect(codeOf(() => decodeFrame(Buffer.from('7e0001000000000000000000007d7e', 'hex')))).toBe(
      'BAD_ESCAPE',
    );
  });

  it('TRUNCATED for frames shorter than a header and for bodies cut short', () => {
    expect(codeOf(() => decodeFrame(Buffer.from('7e000100007e', 'hex')))).toBe('TRUNCATED');
    // 0x0001 needs 5 bytes; give 3 with a matching length field
    expect(codeOf(() => decodeFrame(withBody(0x0001, 3, '000102')))).toBe('TRUNCATED');
  });

  it('FRAME_TOO_LARGE beyond the escaped maximum', () => {
    expect(codeOf(() => decodeFrame(Buffer.alloc(3000, 1)))).toBe('FRAME_TOO_LARGE');
  });

  it('UNSUPPORTED_ENCRYPTION for RSA bodies unless a decrypt hook is given', () => {
    const frame = withBody(0x0001, 0x0400 | 5, '0007810300');
    expect(codeOf(() => decodeFrame(frame))).toBe('UNSUPPORTED_ENCRYPTION');
    const m = decodeFrame(frame, { decrypt: (b) => b });
    expect(m.encryption).toBe(1);
    expect(m.body).toEqual({ replySerial: 7, replyId: 0x8103, result: 0 });
    expect(encodeFrame(m, { encrypt: (b) => b }).equals(frame)).toBe(true);
    expect(() => encodeFrame(m)).toThrow(/encrypt hook/);
  });

  it('BAD_FIELD on trailing bytes after a fixed body', () => {
    expect(codeOf(() => decodeFrame(withBody(0x0001, 6, '000781030000')))).toBe('BAD_FIELD');
  });

  it('a count larger than the body fails cleanly', () => {
    expect(codeOf(() => decodeFrame(withBody(0x8106, 5, 'ff 00000001')))).toBe('TRUNCATED');
  });
});

describe('edition detection', () => {
  it('defaults to 2013 for messages whose 2011 and 2013 layouts match', () => {
    expect(decodeFrame(withBody(0x0002, 0, '')).version).toBe('2013');
  });
});
