// Byte layouts written out by hand from the standard's tables (and computed apart from this
// codec), so a misreading of the standard fails here rather than agreeing with itself.
import {
  applyCipher,
  crc16,
  decodeBusinessBody,
  decodeFrame,
  decodeLinkBody,
  encodeBusinessBody,
  encodeFrame,
  encodeLinkBody,
  Jt809Deframer,
  Jt809DecodeError,
  type Gnss2011,
} from './index';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const PLATE = 'bea9413132333435 000000000000000000000000 00'; // 京A12345, BYTE[21]

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogue check value 0x29B1 for "123456789"', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0x29b1);
  });
});

describe('body cipher', () => {
  it('follows key = IA1 * (key mod M1) + IC1 mod 2^32 with keys near 2^32', () => {
    // Seed 0xFFFFFFFE, M1 0xFFFFFFF0, IA1 0xFFFFFFF1, IC1 0xFFFFFFF2. Byte 1: key mod M1 = 14;
    // 14 x 0xFFFFFFF1 + 0xFFFFFFF2 = 64,424,509,216 = 0xFFFFFF20 mod 2^32; bits 20-27 = 0xFF.
    // Byte 2: 0xFFFFFF20 < M1, key = 0xFFFFFF20 x IA1 + IC1 mod 2^32 = 0x00000D12; bits 20-27 = 0x00.
    const data = Buffer.alloc(4);
    applyCipher(data, { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 }, 0xfffffffe);
    expect(data.toString('hex')).toBe('ff00ff00');
  });

  it('enciphers with ordinary keys and deciphers with the same operation', () => {
    // M1 10,000,000, IA1 20,000,000, IC1 30,000,000, seed 123,456: keys 3,838,772,096 (0xE4CF...), ...
    const data = hex('0102030405');
    applyCipher(data, { m1: 10_000_000, ia1: 20_000_000, ic1: 30_000_000 }, 123_456);
    expect(data.toString('hex')).toBe('4d3339cec8');
    applyCipher(data, { m1: 10_000_000, ia1: 20_000_000, ic1: 30_000_000 }, 123_456);
    expect(data.toString('hex')).toBe('0102030405');
  });

  it('treats a zero seed and a zero M1 as 1', () => {
    // key = 3 x (1 mod 1) + 5 = 5; 5 >> 20 = 0: the byte is unchanged.
    const data = hex('ab');
    applyCipher(data, { m1: 0, ia1: 3, ic1: 5 }, 0);
    expect(data.toString('hex')).toBe('ab');
  });
});

describe('frames', () => {
  it('writes the 22-byte 2011 header: length, serial, id, centre, version, flag, key, CRC', () => {
    const frame = encodeFrame({ edition: '2011', msgId: 0x1005, serial: 1, centerId: 0x12345678 }, Buffer.alloc(0));
    expect(frame.toString('hex')).toBe('5b' + '0000001a' + '00000001' + '1005' + '12345678' + '010000' + '00' + '00000000' + '7473' + '5d');
    expect(decodeFrame(frame, '2011').header).toEqual({ length: 26, serial: 1, msgId: 0x1005, centerId: 0x12345678, version: [1, 0, 0], encrypted: false, encryptKey: 0 });
  });

  it('appends the UTC time to the 2019 header (30 bytes)', () => {
    const frame = encodeFrame({ edition: '2019', msgId: 0x1005, serial: 2, centerId: 0x12345678, time: 1_795_000_000 }, Buffer.alloc(0));
    expect(frame.toString('hex')).toBe('5b' + '00000022' + '00000002' + '1005' + '12345678' + '01020f' + '00' + '00000000' + '000000006afd86c0' + '03d0' + '5d');
    expect(decodeFrame(frame, '2019').header.time).toBe(1_795_000_000);
  });

  it('escapes 5B, 5A, 5D and 5E between the flags, the CRC over the unescaped bytes', () => {
    const frame = encodeFrame({ edition: '2011', msgId: 0x1005, serial: 0x5b5a5d5e, centerId: 0x12345678 }, Buffer.alloc(0));
    expect(frame.toString('hex')).toBe('5b0000001a5a015a025e015e021005123456780100000000000000e1df5d');
    expect(decodeFrame(frame, '2011').header.serial).toBe(0x5b5a5d5e);
  });

  it('enciphers the body, writes flag 1 and the seed, and deciphers it with the keys', () => {
    const body = hex(PLATE + '01 1202 00000024 00180b07ea0a1e00 06f01448 0260f76e 003c 003a 00003039 005a 0032 00000003 00000001');
    const keys = { m1: 10_000_000, ia1: 20_000_000, ic1: 30_000_000 };
    const frame = encodeFrame({ edition: '2011', msgId: 0x1200, serial: 7, centerId: 123_456, cipher: { ...keys, key: 123_456 } }, body);
    expect(frame.toString('hex')).toBe(
      '5b0000005a020000000712000001e240010000010001e240f2987bfbff36e086308e5e02c4d43a3e0a61d63a34ee7d36af660760195a01a32adcc23352f9cda4bb459664ecbfa8a8a0c63b2d28cf8605a3804f6c5fe42c8f42e66e375d',
    );
    const decoded = decodeFrame(frame, '2011', keys);
    expect(decoded.header).toMatchObject({ encrypted: true, encryptKey: 123_456, length: 0x5a });
    expect(decoded.body.equals(body)).toBe(true);
    expect(() => decodeFrame(frame, '2011')).toThrow(expect.objectContaining({ code: 'ENCRYPTED_WITHOUT_KEY' }));
  });

  it('refuses a wrong CRC, a wrong length field, a bad escape and a short frame', () => {
    const good = hex('5b0000001a000000011005123456780100000000000000' + '7473' + '5d');
    const code = (frame: Buffer, edition: '2011' | '2019' = '2011') => {
      try {
        decodeFrame(frame, edition);
        return 'decoded';
      } catch (error) {
        return (error as Jt809DecodeError).code;
      }
    };
    expect(code(good)).toBe('decoded');
    expect(code(hex('5b0000001a000000011005123456780100000000000000' + '7474' + '5d'))).toBe('CRC_MISMATCH');
    expect(code(hex('5b0000001b000000011005123456780100000000000000' + '7473' + '5d'))).toBe('LENGTH_MISMATCH');
    expect(code(hex('5b0000001a5a03000011005123456780100000000000000' + '7473' + '5d'))).toBe('BAD_ESCAPE');
    expect(code(good, '2019')).toBe('TRUNCATED');
  });
});

describe('link messages', () => {
  it('0x1001 login: user id, password BYTE[8], slave-link IP BYTE[32], port (2011)', () => {
    const body = { userId: 0x162e, password: 'pass1234', downLinkIp: '127.0.0.1', downLinkPort: 9001 };
    const bytes = encodeLinkBody(0x1001, body, '2011');
    expect(bytes.toString('hex')).toBe('0000162e' + '7061737331323334' + '3132372e302e302e31' + '00'.repeat(23) + '2329');
    expect(decodeLinkBody(0x1001, bytes, '2011')).toEqual(body);
  });

  it('0x1001 login adds the lower platform centre id before the IP in 2019', () => {
    const bytes = encodeLinkBody(0x1001, { userId: 0x162e, password: 'pass1234', downLinkCenterId: 0x12345678, downLinkIp: '127.0.0.1', downLinkPort: 9001 }, '2019');
    expect(bytes.length).toBe(50);
    expect(bytes.subarray(12, 16).toString('hex')).toBe('12345678');
    expect(bytes.subarray(16, 25).toString()).toBe('127.0.0.1');
  });

  it('0x1002 result and verify code, 0x9001 verify code, keep-alives without a body', () => {
    expect(decodeLinkBody(0x1002, hex('00 0000abcd'), '2011')).toEqual({ result: 0, verifyCode: 0xabcd });
    expect(encodeLinkBody(0x9001, { verifyCode: 0xabcd }, '2019').toString('hex')).toBe('0000abcd');
    expect(encodeLinkBody(0x1005, {}, '2011').length).toBe(0);
    expect(() => decodeLinkBody(0x1002, hex('00 0000abcd 00'), '2011')).toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
    expect(() => decodeLinkBody(0x1002, hex('00 0000ab'), '2011')).toThrow(expect.objectContaining({ code: 'TRUNCATED' }));
  });
});

describe('business messages', () => {
  const position: Gnss2011 = { encrypt: 0, time: '2026-11-24 10:30:00', lonE6: 116_397_128, latE6: 39_909_230, speed: 60, recorderSpeed: 58, mileage: 12_345, direction: 90, altitude: 50, state: 3, alarm: 1 };

  it('0x1200/0x1202 (2011): plate, colour, data type, length, then the 36-byte position', () => {
    const bytes = encodeBusinessBody(0x1200, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1202, data: { position } }, '2011');
    // day, month, year WORD, h, m, s; lon, lat; vec1, vec2 WORD; vec3 DWORD; direction, altitude WORD; state, alarm DWORD.
    expect(bytes.toString('hex')).toBe(hex(PLATE + '01 1202 00000024 00 18 0b 07ea 0a 1e 00 06f01448 0260f76e 003c 003a 00003039 005a 0032 00000003 00000001').toString('hex'));
    expect(decodeBusinessBody(0x1200, bytes, '2011')).toEqual({ vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1202, data: { position } });
  });

  it('0x1202 (2019): encrypt flag, the 808 location body with its DWORD length, three platform alarm words', () => {
    const location = hex('00000000 00000003 0260f76e 06f01448 0032 0258 005a 261124103000');
    const bytes = encodeBusinessBody(0x1200, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1202, data: { position: { encrypt: 0, data: location, platformId1: '12345678901', alarm1: 1, platformId2: '', alarm2: 0, platformId3: '', alarm3: 0 } } }, '2019');
    expect(bytes.subarray(22).toString('hex')).toBe(
      hex('1202 0000004e 00 0000001c' + location.toString('hex') + '3132333435363738393031 00000001' + '00'.repeat(11) + '00000000' + '00'.repeat(11) + '00000000').toString('hex'),
    );
    const decoded = decodeBusinessBody(0x1200, bytes, '2019');
    expect((decoded.data.position as { data: Buffer }).data.equals(location)).toBe(true);
  });

  it('0x9300/0x9301 duty check: no vehicle; 2011 object type, id BYTE[12], info id, GBK text', () => {
    expect(decodeBusinessBody(0x9300, hex('9301 00000019 01 313233343536373800000000 00000007 00000004 b2e9b8da'), '2011')).toEqual({
      dataType: 0x9301,
      data: { objectType: 1, objectId: '12345678', infoId: 7, infoContent: '查岗' },
    });
  });

  it('0x9301 (2019) carries a 20-byte object id and the answer time in minutes', () => {
    expect(decodeBusinessBody(0x9300, hex('9301 00000022 01 3132333435363738' + '00'.repeat(12) + '0a 00000007 00000004 b2e9b8da'), '2019').data).toEqual({
      objectType: 1,
      objectId: '12345678',
      answerTime: 10,
      infoId: 7,
      infoContent: '查岗',
    });
  });

  it('0x1301 (2019) answers with the responder, their phone, the object and the request it answers', () => {
    const bytes = encodeBusinessBody(0x1300, { dataType: 0x1301, data: { objectType: 1, responder: '张三', responderTel: '13800000000', objectId: '12345678', sourceDataType: 0x9301, sourceMsgSn: 9, infoContent: '在岗OK' } }, '2019');
    expect(bytes.toString('hex')).toBe(
      '13010000004901d5c5c8fd0000000000000000000000003133383030303030303030000000000000000000313233343536373800000000000000000000000093010000000900000006d4dab8da4f4b',
    );
  });

  it('0x9401 supervision (2011): source, type, time, id, deadline, level, supervisor, phone, e-mail', () => {
    const bytes = hex(
      PLATE +
        '02 9401 0000005c 01 0001 000000006afd86c0 0a0b0c0d 000000006afd94d0 00 cdf5cee5' +
        '00'.repeat(12) +
        '3031302d3132333435363738' +
        '00'.repeat(8) +
        '64757479406578616d706c652e676f762e636e' +
        '00'.repeat(13),
    );
    expect(decodeBusinessBody(0x9400, bytes, '2011')).toEqual({
      vehicleNo: '京A12345',
      vehicleColor: 2,
      dataType: 0x9401,
      data: { warnSrc: 1, warnType: 1, warnTime: 1_795_000_000, supervisionId: 0x0a0b0c0d, supervisionEndTime: 1_795_003_600, supervisionLevel: 0, supervisor: '王五', supervisorTel: '010-12345678', supervisorEmail: 'duty@example.gov.cn' },
    });
  });

  it('0x1400 has no vehicle in 2019: 0x1401 is data type, length, id and result', () => {
    expect(encodeBusinessBody(0x1400, { dataType: 0x1401, data: { supervisionId: 0x0a0b0c0d, result: 1 } }, '2019').toString('hex')).toBe('1401000000050a0b0c0d01');
    expect(encodeBusinessBody(0x1400, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1401, data: { supervisionId: 1, result: 1 } }, '2011').length).toBe(22 + 6 + 5);
  });

  it('0x1402 alarm upload: 2011 source and info id; 2019 platform ids, window and the vehicle inside', () => {
    const b2011 = encodeBusinessBody(0x1400, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1402, data: { warnSrc: 1, warnType: 2, warnTime: 1_795_000_000, infoId: 5, infoContent: 'x' } }, '2011');
    expect(b2011.subarray(22).toString('hex')).toBe('1402' + '00000014' + '01' + '0002' + '000000006afd86c0' + '00000005' + '00000001' + '78');
    const b2019 = encodeBusinessBody(
      0x1400,
      { dataType: 0x1402, data: { sourcePlatformId: '11111111111', warnType: 2, warnTime: 1_795_000_000, startTime: 1_795_000_000, endTime: 0, vehicleNo: '京A12345', vehicleColor: 1, destinationPlatformId: '', drvLineId: 0, infoContent: '' } },
      '2019',
    );
    expect(b2019.length).toBe(6 + 11 + 2 + 8 + 8 + 8 + 21 + 1 + 11 + 4 + 4);
    expect(b2019.subarray(19, 27).toString('hex')).toBe('000000006afd86c0'); // warning time after the 11-byte source and the type
    expect(b2019.subarray(43, 64).subarray(0, 8).toString('hex')).toBe('bea9413132333435'); // the vehicle after the start and end times
  });

  it('0x1203 reissue: a count, then that many positions; 0x1502 photo length filled from the photo', () => {
    const bytes = encodeBusinessBody(0x1200, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1203, data: { positions: [position, position] } }, '2011');
    expect(bytes.readUInt32BE(24)).toBe(1 + 2 * 36);
    expect(bytes[28]).toBe(2);
    const photo = encodeBusinessBody(0x1500, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1502, data: { photoRspFlag: 1, position, lensId: 1, sizeType: 1, type: 1, photo: hex('ffd8ffd9') } }, '2011');
    expect(photo.subarray(28 + 1 + 36 + 1, 28 + 1 + 36 + 5).toString('hex')).toBe('00000004');
    expect((decodeBusinessBody(0x1500, photo, '2011').data.photo as Buffer).toString('hex')).toBe('ffd8ffd9');
  });

  it('0x1201 (2011): platform id, producer id, model BYTE[20], terminal id BYTE[7], SIM BYTE[12] zero-filled on the left', () => {
    const bytes = encodeBusinessBody(0x1200, { vehicleNo: '京A12345', vehicleColor: 1, dataType: 0x1201, data: { platformId: '12345678901', producerId: 'P1', terminalModel: 'M1', terminalId: 'T000001', simCode: '13900000001' } }, '2011');
    const data = bytes.subarray(28);
    expect(data.length).toBe(11 + 11 + 20 + 7 + 12);
    expect(data.subarray(0, 11).toString()).toBe('12345678901');
    expect(data.subarray(42, 49).toString()).toBe('T000001');
    expect(data.subarray(49).toString()).toBe('013900000001');
  });

  it('keeps a data type outside the catalogue raw and refuses a data length that disagrees', () => {
    expect(decodeBusinessBody(0x9200, hex(PLATE + '01 92ff 00000002 abcd'), '2011')).toMatchObject({ dataType: 0x92ff, raw: hex('abcd') });
    expect(() => decodeBusinessBody(0x9200, hex(PLATE + '01 9205 00000002 01'), '2011')).toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
  });
});

describe('deframer', () => {
  it('splits frames across chunks, skips garbage and drops an oversize frame', () => {
    const frame = encodeFrame({ edition: '2011', msgId: 0x1005, serial: 1, centerId: 1 }, Buffer.alloc(0));
    const deframer = new Jt809Deframer(64);
    expect(deframer.push(Buffer.concat([hex('0102'), frame.subarray(0, 10)]))).toEqual([]);
    expect(deframer.push(Buffer.concat([frame.subarray(10), frame, hex('ff')]))).toEqual([frame, frame]);
    expect(deframer.skippedBytes).toBe(3);
    expect(deframer.push(Buffer.concat([hex('5b'), Buffer.alloc(100, 1)]))).toEqual([]);
    expect(deframer.oversizeFrames).toBe(1);
    expect(deframer.push(frame)).toEqual([frame]);
  });
});
