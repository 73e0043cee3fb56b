// Byte layouts written out by hand from T/JSATL 12-2017 (tables 4-15 to 4-27), not produced by our
// encoder: the simulator shares the codec, so only tables can catch a misread field.
import { AttachmentStreamSplitter, decodeBody, decodeFrame, encodeAttachmentData, encodeBody, encodeFrame } from './index';
import type { AdasAlarm, AttachmentListBody, BsdAlarm, DsmAlarm, LocationBody, TpmsAlarm } from './index';

const hex = (s: string) => Buffer.from(s.replace(/[\s|]/g, ''), 'hex');
const ascii = (s: string, size: number) => Buffer.concat([Buffer.from(s, 'ascii'), Buffer.alloc(size - s.length)]).toString('hex');

// 0x0200 basic part: alarm 0, status 3, 39.9N 116.4E, altitude 50, speed 60.0 km/h, heading 90, 2026-11-24 08:30:00.
const BASIC = '00000000 00000003 02610d60 06f02e80 0032 0258 005a 261124083000';
// Speed 60, altitude 50, lat, lng, time, status 3, then identification "T000001" 261124083000 serial 1, 2 attachments, reserved 0.
const TAIL_NARROW = `3c 0032 02610d60 06f02e80 261124083000 0003 ${ascii('T000001', 7)} 261124083000 01 02 00`;

function location(extrasHex: string): LocationBody {
  return decodeBody(0x0200, hex(BASIC + extrasHex), '2013') as LocationBody;
}

describe('active-safety additional items (T/JSATL 12)', () => {
  it('reads 0x64 ADAS: alarm id, flag, type, level, front vehicle, departure, road sign, then the shared tail', () => {
    const item = `00000007 01 02 01 32 0a 01 00 00 ${TAIL_NARROW}`;
    expect(hex(item)).toHaveLength(47);
    const body = location(`64 2f ${item}`);
    const adas = body.extras.find((x) => x.kind === 'adas')?.value as AdasAlarm;
    expect(adas).toEqual({
      alarmId: 7, flag: 1, eventType: 2, level: 1, frontSpeedKmh: 0x32, frontDistance: 10, departureType: 1, roadSignType: 0, roadSignValue: 0,
      speedKmh: 60, altitudeM: 50, latitudeE6: 39_914_848, longitudeE6: 116_403_840, time: '261124083000', vehicleStatus: 3,
      identification: { terminalId: 'T000001', time: '261124083000', serial: 1, attachmentCount: 2, reserved: 0 },
    });
    expect(encodeBody(0x0200, body, '2013').equals(hex(BASIC + `64 2f ${item}`))).toBe(true);
  });

  it('reads 0x65 DSM with the 30-byte terminal id of the 2019 form (70 bytes)', () => {
    const tail = `00 0000 02610d60 06f02e80 261124083000 0001 ${ascii('DSM-2019-TERMINAL-0001', 30)} 261124083001 05 03 00`;
    const item = `0000000b 02 01 02 05 00000000 ${tail}`;
    expect(hex(item)).toHaveLength(70);
    const body = location(`65 46 ${item}`);
    const dsm = body.extras.find((x) => x.kind === 'dsm')?.value as DsmAlarm;
    expect(dsm).toMatchObject({ alarmId: 11, flag: 2, eventType: 1, level: 2, fatigueLevel: 5, speedKmh: 0, vehicleStatus: 1 });
    expect(dsm.identification).toEqual({ terminalId: 'DSM-2019-TERMINAL-0001', time: '261124083001', serial: 5, attachmentCount: 3, reserved: 0 });
    expect(encodeBody(0x0200, body, '2013').equals(hex(BASIC + `65 46 ${item}`))).toBe(true);
  });

  it('reads 0x66 tyre pressure with its event list (9 bytes each)', () => {
    const events = '01 0001 00c8 0050 0064 | 04 0004 00fa 006e 0014';
    const item = `00000010 01 ${TAIL_NARROW} 02 ${events}`;
    expect(hex(item)).toHaveLength(41 + 18);
    const tpms = location(`66 3b ${item}`).extras.find((x) => x.kind === 'tpms')?.value as TpmsAlarm;
    expect(tpms.events).toEqual([
      { position: 1, alarmType: 1, pressureKpa: 200, temperatureC: 80, batteryPercent: 100 },
      { position: 4, alarmType: 4, pressureKpa: 250, temperatureC: 110, batteryPercent: 20 },
    ]);
    expect(tpms.identification.attachmentCount).toBe(2);
  });

  it('reads 0x67 blind spot', () => {
    const item = `00000011 01 03 ${TAIL_NARROW}`;
    const bsd = location(`67 29 ${item}`).extras.find((x) => x.kind === 'bsd')?.value as BsdAlarm;
    expect(bsd).toMatchObject({ alarmId: 17, flag: 1, eventType: 3, speedKmh: 60 });
  });

  it('keeps an item of a length that fits no layout raw instead of misreading it', () => {
    const body = location(`64 03 010203`);
    expect(body.extras).toEqual([{ id: 0x64, kind: 'raw', value: '010203' }]);
  });
});

describe('attachment signalling', () => {
  const identification = { terminalId: 'T000001', time: '261124083000', serial: 1, attachmentCount: 2, reserved: 0 };

  it('writes 0x9208 as table 4-21: IP length, IP, TCP and UDP ports, identification, alarm number, 16 reserved bytes', () => {
    const body = encodeBody(0x9208, { serverIp: '10.1.2.3', tcpPort: 7612, udpPort: 0, identification, alarmNumber: 'a'.repeat(32), reserved: '' }, '2013');
    const expected = `08 ${Buffer.from('10.1.2.3').toString('hex')} 1dbc 0000 ${ascii('T000001', 7)} 261124083000 01 02 00 ${'61'.repeat(32)} ${'00'.repeat(16)}`;
    expect(body.toString('hex')).toBe(hex(expected).toString('hex'));
  });

  it('reads 0x1210 as table 4-23: terminal id, identification, alarm number, info type, file list', () => {
    const name = '00_65_6501_0_' + 'a'.repeat(32) + '.jpg';
    const bytes = hex(`${ascii('T000001', 7)} ${ascii('T000001', 7)} 261124083000 01 02 00 ${'61'.repeat(32)} 00 01 ${name.length.toString(16)} ${Buffer.from(name).toString('hex')} 00001000`);
    const body = decodeBody(0x1210, bytes, '2013') as AttachmentListBody;
    expect(body).toEqual({ terminalId: 'T000001', identification, alarmNumber: 'a'.repeat(32), infoType: 0, files: [{ name, size: 4096 }] });
  });

  it('reads 0x1211/0x1212 and writes 0x9212 with the ranges to resend (tables 4-25 to 4-27)', () => {
    expect(decodeBody(0x1212, hex(`05 ${Buffer.from('a.jpg').toString('hex')} 00 00001000`), '2013')).toEqual({ name: 'a.jpg', fileType: 0, size: 4096 });
    const reply = encodeBody(0x9212, { name: 'a.jpg', fileType: 0, result: 1, missing: [{ offset: 1024, length: 512 }] }, '2013');
    expect(reply.toString('hex')).toBe(hex(`05 ${Buffer.from('a.jpg').toString('hex')} 00 01 01 00000400 00000200`).toString('hex'));
  });
});

describe('AttachmentStreamSplitter', () => {
  const frame = encodeFrame({ msgId: 0x1211, version: '2013', phone: '013912345678', serial: 1, body: { name: 'a.jpg', fileType: 0, size: 6 } });
  const data = encodeAttachmentData('a.jpg', 2, Buffer.from([1, 2, 0x7e, 0x7d]));

  it('writes the data frame header as §4.5.4: magic 30316364, name BYTE[50], offset, length', () => {
    expect(data.subarray(0, 4).toString('hex')).toBe('30316364');
    expect(data.subarray(4, 9).toString()).toBe('a.jpg');
    expect(data.subarray(9, 54).every((b) => b === 0)).toBe(true);
    expect(data.readUInt32BE(54)).toBe(2);
    expect(data.readUInt32BE(58)).toBe(4);
    expect(data.length).toBe(62 + 4);
  });

  it('splits frames and unescaped data frames cut at every byte boundary', () => {
    const stream = Buffer.concat([frame, data, frame]);
    for (let cut = 1; cut < stream.length; cut++) {
      const splitter = new AttachmentStreamSplitter();
      const items = [...splitter.push(stream.subarray(0, cut)), ...splitter.push(stream.subarray(cut))];
      expect(items).toHaveLength(3);
      expect(decodeFrame((items[0] as { frame: Buffer }).frame).msgId).toBe(0x1211);
      expect(items[1]).toEqual({ chunk: { name: 'a.jpg', offset: 2, data: Buffer.from([1, 2, 0x7e, 0x7d]) } });
      expect(splitter.buffered).toBe(0);
    }
  });

  it('refuses a data frame longer than the limit without buffering it, and skips noise', () => {
    const splitter = new AttachmentStreamSplitter(1024);
    expect(splitter.push(Buffer.concat([Buffer.from('noise'), frame]))).toHaveLength(1);
    const huge = encodeAttachmentData('b.mp4', 0, Buffer.alloc(2048));
    const items = splitter.push(huge.subarray(0, 100));
    expect(items).toHaveLength(1);
    expect((items[0] as { error: Error }).error.message).toMatch(/exceeds 1024/);
  });
});
