// GB/T 19056-2012 blocks written out byte by byte from appendix A's tables (not by our encoder),
// then decoded; and round trips through the writers for every word.
import { decodeBody, encodeBody, messageFromJson, messageToJson } from '../index';
import { decodeRecorderFrame, encodeRecorderFrame, RECORDER_COMMAND_HEAD, RECORDER_UPLOAD_HEAD } from './recorder-frame';
import { decodeRecorderData, decodeRecorderRange, encodeRecorderData, RECORDER_WORDS } from './recorder-records';
import { buildRecorderBlock, parseRecorderBlock } from './recorder-json';

const hex = (...parts: string[]) => Buffer.from(parts.join('').replace(/\s+/g, ''), 'hex');
/** XOR of the bytes, as the frame's last byte. */
const xorOf = (bytes: Buffer) => bytes.reduce((sum, byte) => sum ^ byte, 0);
const framed = (head: string, command: string, data: Buffer) => {
  const body = Buffer.concat([hex(head, command, data.length.toString(16).padStart(4, '0'), '00'), data]);
  return Buffer.concat([body, Buffer.from([xorOf(body)])]);
};
const ascii = (text: string, size: number) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.alloc(size - text.length)]);

describe('GB/T 19056 frames', () => {
  it('reads a 55 7A upload frame and checks length and checksum', () => {
    const frame = framed('557a', '02', hex('261124 153000'));
    expect(decodeRecorderFrame(frame)).toEqual({ head: RECORDER_UPLOAD_HEAD, command: 0x02, data: hex('261124153000') });
    const badSum = Buffer.from(frame);
    badSum[badSum.length - 1] ^= 0xff;
    expect(() => decodeRecorderFrame(badSum)).toThrow(expect.objectContaining({ code: 'CHECKSUM_MISMATCH' }));
    expect(() => decodeRecorderFrame(frame.subarray(0, frame.length - 2))).toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
    expect(() => decodeRecorderFrame(hex('1234 02 0000 00 00'))).toThrow(expect.objectContaining({ code: 'BAD_FIELD' }));
  });

  it('writes an AA 75 command frame with an empty data block', () => {
    // AA 75 | 02 | 0000 | 00 | XOR(AA,75,02,00,00,00) = DD
    expect(encodeRecorderFrame(RECORDER_COMMAND_HEAD, 0x02, Buffer.alloc(0)).toString('hex')).toBe('aa7502000000dd');
  });
});

describe('GB/T 19056 data by command word (appendix A)', () => {
  it('00H version (A.6): year BCD 12, modification 0', () => {
    expect(decodeRecorderData(0x00, hex('12 00'))).toEqual({ standardYear: 2012, modification: 0 });
  });

  it('01H driver (A.7): 18-byte licence number', () => {
    expect(decodeRecorderData(0x01, ascii('110101199003071234', 18))).toEqual({ licence: '110101199003071234' });
  });

  it('03H mileage (A.9): real time, install time, initial and total mileage BCD in 0.1 km', () => {
    const data = hex('261124 153000', '200101 080000', '00001234', '01234567');
    expect(decodeRecorderData(0x03, data)).toEqual({ time: '2026-11-24 15:30:00', installTime: '2020-01-01 08:00:00', initialMileageKm: 123.4, totalMileageKm: 123456.7 });
  });

  it('04H pulse (A.10): real time and a WORD coefficient', () => {
    expect(decodeRecorderData(0x04, hex('261124 153000', '0E10'))).toEqual({ time: '2026-11-24 15:30:00', pulseCoefficient: 3600 });
  });

  it('05H vehicle (A.11): VIN 17, plate 12 (GBK), plate class 12', () => {
    const plate = Buffer.concat([Buffer.from([0xbe, 0xa9]), Buffer.from('A12345', 'ascii'), Buffer.alloc(4)]); // 京 in GBK
    const cls = Buffer.concat([Buffer.from([0xb4, 0xf3, 0xd0, 0xcd]), Buffer.alloc(8)]); // 大型
    expect(decodeRecorderData(0x05, Buffer.concat([ascii('LFWADRJF011002346', 17), plate, cls]))).toEqual({ vin: 'LFWADRJF011002346', plate: '京A12345', plateClass: '大型' });
  });

  it('06H status signals (A.12): real time, one status byte, 8 names of 10 bytes', () => {
    const names = ['BRAKE', 'LEFT', 'RIGHT', 'HIGH', 'LOW', 'D2', 'D1', 'D0'];
    const data = Buffer.concat([hex('261124 153000', '01'), ...names.map((name) => ascii(name, 10))]);
    expect(decodeRecorderData(0x06, data)).toEqual({ time: '2026-11-24 15:30:00', signals: names });
  });

  it('07H unique id (A.14): CCC 7, model 16, date BCD 3, serial DWORD, 5 reserved', () => {
    const data = Buffer.concat([ascii('C000123', 7), ascii('VDR-2012', 16), hex('210315', '0000303A', '0000000000')]);
    expect(decodeRecorderData(0x07, data)).toEqual({ cccCode: 'C000123', model: 'VDR-2012', productionDate: '2021-03-15', serial: 12346 });
  });

  it('08H speed (A.17): 126-byte records of a start time and 60 (speed, status) pairs', () => {
    const pairs = Buffer.alloc(120);
    pairs[0] = 40; // second 0: 40 km/h
    pairs[1] = 0x80; // brake
    pairs[118] = 55;
    const data = Buffer.concat([hex('261124 153000'), pairs, hex('261124 153100'), Buffer.alloc(120)]);
    const { records } = decodeRecorderData(0x08, data) as { records: { start: string; samples: { speed: number; status: number }[] }[] };
    expect(records).toHaveLength(2);
    expect(records[0].start).toBe('2026-11-24 15:30:00');
    expect(records[0].samples[0]).toEqual({ speed: 40, status: 0x80 });
    expect(records[0].samples[59]).toEqual({ speed: 55, status: 0 });
    expect(records[1].start).toBe('2026-11-24 15:31:00');
    expect(() => decodeRecorderData(0x08, data.subarray(0, 125))).toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
  });

  it('09H location (A.19/A.20): 666-byte records; positions in 1/10000 minute, altitude signed, 7FFFFFFFH no fix', () => {
    // 116.4° E = 69,840,000 (0x0429AC80) ten-thousandths of a minute; 39.9° N = 23,940,000 (0x016D4BA0).
    const point = hex('0429AC80', '016D4BA0', 'FFF6', '3C'); // altitude -10 m, 60 km/h
    const noFix = hex('7FFFFFFF', '7FFFFFFF', '0000', 'FF');
    const data = Buffer.concat([hex('261124 153000'), point, ...Array.from({ length: 59 }, () => noFix)]);
    const { records } = decodeRecorderData(0x09, data) as { records: { points: unknown[] }[] };
    expect(records[0].points[0]).toEqual({ longitude: 116.4, latitude: 39.9, altitudeM: -10, speed: 60 });
    expect(records[0].points[1]).toEqual({ longitude: null, latitude: null, altitudeM: 0, speed: 255 });
  });

  it('10H doubtful events (A.22): 234 bytes — end time, licence, 100 samples at 0.2 s, last position', () => {
    const samples = Buffer.alloc(200);
    samples[0] = 80;
    samples[198] = 0;
    const data = Buffer.concat([hex('261124 153020'), ascii('110101199003071234', 18), samples, hex('0429AC80', '016D4BA0', '0032')]);
    expect(data.length).toBe(234);
    const { records } = decodeRecorderData(0x10, data) as { records: { end: string; licence: string; samples: unknown[]; position: unknown }[] };
    expect(records[0]).toMatchObject({ end: '2026-11-24 15:30:20', licence: '110101199003071234', position: { longitude: 116.4, latitude: 39.9, altitudeM: 50 } });
    expect(records[0].samples).toHaveLength(100);
    expect(records[0].samples[0]).toEqual({ speed: 80, status: 0 });
  });

  it('11H overtime driving (A.24): 50 bytes — licence, start, end, two positions', () => {
    const data = Buffer.concat([ascii('110101199003071234', 18), hex('261124 080000', '261124 121500', '0429AC80', '016D4BA0', '0000', '0429AC80', '016D4BA0', '0001')]);
    expect(data.length).toBe(50);
    expect(decodeRecorderData(0x11, data)).toEqual({
      records: [{ licence: '110101199003071234', start: '2026-11-24 08:00:00', end: '2026-11-24 12:15:00', startPosition: { longitude: 116.4, latitude: 39.9, altitudeM: 0 }, endPosition: { longitude: 116.4, latitude: 39.9, altitudeM: 1 } }],
    });
  });

  it('12H-14H event logs (A.26, A.28, A.30): 25 and 7 bytes', () => {
    expect(decodeRecorderData(0x12, Buffer.concat([hex('261124 080000'), ascii('110101199003071234', 18), hex('01')]))).toEqual({ records: [{ time: '2026-11-24 08:00:00', licence: '110101199003071234', event: 1 }] });
    expect(decodeRecorderData(0x13, hex('261124 080000 02', '261124 080500 01'))).toEqual({ records: [{ time: '2026-11-24 08:00:00', event: 2 }, { time: '2026-11-24 08:05:00', event: 1 }] });
    expect(decodeRecorderData(0x14, hex('261124 090000 82'))).toEqual({ records: [{ time: '2026-11-24 09:00:00', code: 0x82 }] });
  });

  it('15H speed status (A.32): 133 bytes — status, start, end, 60 (recorded, reference) pairs', () => {
    const pairs = Buffer.alloc(120);
    pairs[0] = 60;
    pairs[1] = 62;
    const data = Buffer.concat([hex('02', '261124 100000', '261124 100100'), pairs]);
    const { records } = decodeRecorderData(0x15, data) as { records: { status: number; samples: unknown[] }[] };
    expect(records[0]).toMatchObject({ status: 2, start: '2026-11-24 10:00:00', end: '2026-11-24 10:01:00' });
    expect(records[0].samples[0]).toEqual({ recorded: 60, reference: 62 });
  });

  it('collect request (A.16): start, end, max blocks', () => {
    expect(decodeRecorderRange(hex('261124 000000', '261124 235959', '0005'))).toEqual({ startTime: '2026-11-24 00:00:00', endTime: '2026-11-24 23:59:59', maxBlocks: 5 });
  });

  it('every word round-trips through its writer', () => {
    const samples: Record<number, Record<string, unknown>> = {
      0x00: { standardYear: 2012, modification: 1 },
      0x01: { licence: 'A1234567' },
      0x02: { time: '2026-11-24 15:30:00' },
      0x03: { time: '2026-11-24 15:30:00', installTime: '2020-01-01 00:00:00', initialMileageKm: 10.5, totalMileageKm: 20000.1 },
      0x04: { time: '2026-11-24 15:30:00', pulseCoefficient: 3600 },
      0x05: { vin: 'LFWADRJF011002346', plate: '京A12345', plateClass: '大型' },
      0x06: { time: '2026-11-24 15:30:00', signals: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
      0x07: { cccCode: 'C000123', model: 'VDR', productionDate: '2021-03-15', serial: 9 },
      0x08: { records: [{ start: '2026-11-24 15:30:00', samples: Array.from({ length: 60 }, (_, i) => ({ speed: i, status: 0 })) }] },
      0x09: { records: [{ start: '2026-11-24 15:30:00', points: Array.from({ length: 60 }, () => ({ longitude: -70.5, latitude: -33.45, altitudeM: -3, speed: 12 })) }] },
      0x10: { records: [{ end: '2026-11-24 15:30:00', licence: 'X', samples: Array.from({ length: 100 }, () => ({ speed: 1, status: 2 })), position: { longitude: 1, latitude: 2, altitudeM: 3 } }] },
      0x11: { records: [{ licence: 'X', start: '2026-11-24 08:00:00', end: '2026-11-24 12:00:00', startPosition: { longitude: 1, latitude: 2, altitudeM: 3 }, endPosition: { longitude: null, latitude: null, altitudeM: 0 } }] },
      0x12: { records: [{ time: '2026-11-24 08:00:00', licence: 'X', event: 2 }] },
      0x13: { records: [{ time: '2026-11-24 08:00:00', event: 1 }] },
      0x14: { records: [{ time: '2026-11-24 08:00:00', code: 0xc3 }] },
      0x15: { records: [{ status: 1, start: '2026-11-24 08:00:00', end: '2026-11-24 08:01:00', samples: Array.from({ length: 60 }, () => ({ recorded: 50, reference: 51 })) }] },
      0x83: { installTime: '2020-01-01 00:00:00' },
    };
    for (const [word, value] of Object.entries(samples)) expect(decodeRecorderData(Number(word), encodeRecorderData(Number(word), value))).toEqual(value);
    for (const word of RECORDER_WORDS.keys()) expect(RECORDER_WORDS.get(word)!.name).toBeTruthy();
  });
});

describe('0x0700 / 0x8700 / 0x8701 with their blocks as fields', () => {
  it('0x0700 JSON keeps the hex and adds the parsed fields, from a full frame or bare data', () => {
    const frame = framed('557a', '04', hex('261124 153000', '0E10'));
    const body = Buffer.concat([hex('0007', '04'), frame]);
    const json = messageToJson({ msgId: 0x0700, version: '2013', phone: '013800000001', serial: 1, body: decodeBody(0x0700, body, '2013') }).body as Record<string, unknown>;
    expect(json).toMatchObject({ replySerial: 7, command: 4, data: frame.toString('hex'), parsed: { time: '2026-11-24 15:30:00', pulseCoefficient: 3600 } });
    expect(parseRecorderBlock(0x04, hex('261124 153000', '0E10').toString('hex'))).toEqual({ parsed: { time: '2026-11-24 15:30:00', pulseCoefficient: 3600 } });
  });

  it('a bad block is reported next to its hex, never thrown', () => {
    const frame = framed('557a', '04', hex('261124 153000', '0E10'));
    frame[frame.length - 1] ^= 1;
    expect(parseRecorderBlock(0x04, frame.toString('hex')).parseError).toMatch(/^CHECKSUM_MISMATCH/);
    expect(parseRecorderBlock(0x08, 'abcd').parseError).toMatch(/^LENGTH_MISMATCH/);
  });

  it('0x8700 and 0x8701 are built from typed params as AA 75 frames', () => {
    const collect = messageFromJson({ msgId: '0x8700', version: '2019', phone: '00000000013800000001', body: { command: 0x08, params: { startTime: '261124000000', endTime: '261124235959', maxBlocks: 5 } } });
    const bytes = encodeBody(0x8700, collect.body, '2019');
    expect(bytes[0]).toBe(0x08);
    // AA 75 | 08 | 000E | 00 | start | end | 0005 | XOR
    const block = bytes.subarray(1);
    expect(block.subarray(0, 6).toString('hex')).toBe('aa7508000e00');
    expect(block.subarray(6, 20).toString('hex')).toBe('2611240000002611242359590005');
    expect(block[20]).toBe(xorOf(block.subarray(0, 20)));
    const set = buildRecorderBlock(0xc3, { time: '2026-11-24 15:30:00', pulseCoefficient: 3600 }, true);
    expect(set).toBe(framed('aa75', 'c3', hex('261124153000', '0e10')).toString('hex'));
    expect(buildRecorderBlock(0x02, undefined, false)).toBe('aa7502000000dd');
  });
});
