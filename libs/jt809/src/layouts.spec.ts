// Every remaining message of the catalogue against its layout written out field by field from the
// standard's tables (plate BYTE[21] GBK zero-filled, colour, data type, DWORD length, then the
// data), in the edition where the layouts differ: encoded bytes must match, and decode back.
import { decodeBusinessBody, decodeLinkBody, encodeBusinessBody, encodeLinkBody } from './messages';
import type { Jt809Edition } from './frame';

const PLATE = 'bea9413132333435' + '00'.repeat(13); // 京A12345, BYTE[21]
const T = '000000006afd86c0'; // 1,795,000,000 s, time_t as 8 bytes
const gbk = { 通知: 'cda8d6aa', 预警: 'd4a4beaf', 减速: 'bcf5cbd9' };
const zeros = (n: number) => '00'.repeat(n);
const ascii = (text: string, n: number) => Buffer.from(text).toString('hex') + zeros(n - text.length);

type Case = [name: string, edition: Jt809Edition, msgId: number, body: Record<string, unknown>, hex: string];
const vehicle = { vehicleNo: '京A12345', vehicleColor: 1 };

const business: Case[] = [
  ['0x9205 start, reason', '2011', 0x9200, { ...vehicle, dataType: 0x9205, data: { reasonCode: 1 } }, PLATE + '01' + '9205' + '00000001' + '01'],
  ['0x9206 stop, reason', '2019', 0x9200, { ...vehicle, dataType: 0x9206, data: { reasonCode: 3 } }, PLATE + '01' + '9206' + '00000001' + '03'],
  ['0x1205 (2011) empty', '2011', 0x1200, { ...vehicle, dataType: 0x1205, data: {} }, PLATE + '01' + '1205' + '00000000'],
  ['0x1205 (2019) names 0x9205 and its serial', '2019', 0x1200, { ...vehicle, dataType: 0x1205, data: { sourceDataType: 0x9205, sourceMsgSn: 9 } }, PLATE + '01' + '1205' + '00000006' + '9205' + '00000009'],
  ['0x9207 (2019) source and result', '2019', 0x9200, { ...vehicle, dataType: 0x9207, data: { sourceDataType: 0x1207, sourceMsgSn: 4, result: 0 } }, PLATE + '01' + '9207' + '00000007' + '1207' + '00000004' + '00'],
  ['0x1302 (2011) info id, no vehicle', '2011', 0x1300, { dataType: 0x1302, data: { infoId: 7 } }, '1302' + '00000004' + '00000007'],
  ['0x1302 (2019) source', '2019', 0x1300, { dataType: 0x1302, data: { sourceDataType: 0x9302, sourceMsgSn: 8 } }, '1302' + '00000006' + '9302' + '00000008'],
  ['0x9302 object, id BYTE[12], info id, text', '2011', 0x9300, { dataType: 0x9302, data: { objectType: 2, objectId: '880001', infoId: 5, infoContent: '通知' } }, '9302' + '00000019' + '02' + ascii('880001', 12) + '00000005' + '00000004' + gbk.通知],
  ['0x9402 (2011) source, type, time, text', '2011', 0x9400, { vehicleNo: '京A12345', vehicleColor: 2, dataType: 0x9402, data: { warnSrc: 3, warnType: 2, warnTime: 1_795_000_000, warnContent: '预警' } }, PLATE + '02' + '9402' + '00000013' + '03' + '0002' + T + '00000004' + gbk.预警],
  [
    '0x9403 (2019) platform ids, window, vehicle in the body',
    '2019',
    0x9400,
    { dataType: 0x9403, data: { sourcePlatformId: '11111111111', warnType: 1, warnTime: 1_795_000_000, startTime: 1_795_000_000, endTime: 1_795_000_060, vehicleNo: '京A12345', vehicleColor: 2, destinationPlatformId: '22222222222', drvLineId: 0, warnContent: 'x' } },
    '9403' + '0000004f' + ascii('11111111111', 11) + '0001' + T + T + '000000006afd86fc' + PLATE + '02' + ascii('22222222222', 11) + '00000000' + '00000001' + '78',
  ],
  ['0x1501 (2011) result', '2011', 0x1500, { ...vehicle, dataType: 0x1501, data: { result: 0 } }, PLATE + '01' + '1501' + '00000001' + '00'],
  ['0x1501 (2019) source, result', '2019', 0x1500, { ...vehicle, dataType: 0x1501, data: { sourceDataType: 0x9501, sourceMsgSn: 3, result: 1 } }, PLATE + '01' + '1501' + '00000007' + '9501' + '00000003' + '01'],
  ['0x9501 phone BYTE[20]', '2011', 0x9500, { ...vehicle, dataType: 0x9501, data: { monitorTel: '01012345678' } }, PLATE + '01' + '9501' + '00000014' + ascii('01012345678', 20)],
  ['0x9502 lens, size', '2019', 0x9500, { ...vehicle, dataType: 0x9502, data: { lensId: 1, sizeType: 2 } }, PLATE + '01' + '9502' + '00000002' + '01' + '02'],
  ['0x1503 (2011) message id, result', '2011', 0x1500, { ...vehicle, dataType: 0x1503, data: { msgId: 31, result: 0 } }, PLATE + '01' + '1503' + '00000005' + '0000001f' + '00'],
  ['0x9503 sequence, priority, text', '2011', 0x9500, { ...vehicle, dataType: 0x9503, data: { msgSequence: 31, priority: 1, content: '减速' } }, PLATE + '01' + '9503' + '0000000d' + '0000001f' + '01' + '00000004' + gbk.减速],
  ['0x9504 (2019) window, command', '2019', 0x9500, { ...vehicle, dataType: 0x9504, data: { startTime: 1_795_000_000, endTime: 1_795_003_600, command: 8 } }, PLATE + '01' + '9504' + '00000011' + T + '000000006afd94d0' + '08'],
  ['0x1504 (2011) command, DWORD length, record', '2011', 0x1500, { ...vehicle, dataType: 0x1504, data: { commandType: 8, travelData: Buffer.from('557a08', 'hex') } }, PLATE + '01' + '1504' + '00000008' + '08' + '00000003' + '557a08'],
  ['0x1505 (2019) source, result', '2019', 0x1500, { ...vehicle, dataType: 0x1505, data: { sourceDataType: 0x9505, sourceMsgSn: 2, result: 0 } }, PLATE + '01' + '1505' + '00000007' + '9505' + '00000002' + '00'],
  [
    '0x9505 auth code BCD[10], APN, user, password, IP, ports, end time',
    '2011',
    0x9500,
    { ...vehicle, dataType: 0x9505, data: { authCode: '12345', accessPointName: 'cmnet', userName: 'user', password: 'pw', serverIp: '10.0.0.1', tcpPort: 9000, udpPort: 0, endTime: 1_795_000_000 } },
    PLATE + '01' + '9505' + '00000091' + '00000000000000012345' + ascii('cmnet', 20) + ascii('user', 49) + ascii('pw', 22) + ascii('10.0.0.1', 32) + '2328' + '0000' + T,
  ],
  ['0x1601 (2011) the static data as text', '2011', 0x1600, { ...vehicle, dataType: 0x1601, data: { carInfo: 'VIN:=L1;' } }, PLATE + '01' + '1601' + '00000008' + Buffer.from('VIN:=L1;').toString('hex')],
  ['0x9601 no data', '2019', 0x9600, { ...vehicle, dataType: 0x9601, data: {} }, PLATE + '01' + '9601' + '00000000'],
];

const link: Case[] = [
  ['0x1003 user id, password BYTE[8]', '2011', 0x1003, { userId: 0x162e, password: 'pass1234' }, '0000162e' + ascii('pass1234', 8)],
  ['0x1007 error code', '2019', 0x1007, { errorCode: 0 }, '00'],
  ['0x9002 result', '2011', 0x9002, { result: 1 }, '01'],
  ['0x9007 reason', '2011', 0x9007, { reasonCode: 2 }, '02'],
  ['0x9008 reason', '2019', 0x9008, { reasonCode: 0 }, '00'],
];

describe('business message layouts', () => {
  it.each(business)('%s', (_, edition, msgId, body, hex) => {
    const bytes = encodeBusinessBody(msgId, body as never, edition);
    expect(bytes.toString('hex')).toBe(hex);
    expect(decodeBusinessBody(msgId, Buffer.from(hex, 'hex'), edition)).toEqual(expect.objectContaining({ dataType: (body as { dataType: number }).dataType }));
  });
});

describe('link message layouts', () => {
  it.each(link)('%s', (_, edition, msgId, body, hex) => {
    expect(encodeLinkBody(msgId, body, edition).toString('hex')).toBe(hex);
    expect(decodeLinkBody(msgId, Buffer.from(hex, 'hex'), edition)).toEqual(body);
  });
});
