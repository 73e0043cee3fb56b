// Records terminals upload besides positions, from bytes laid out by hand after JT/T 808-2013
// (tables 0x0702 driver identity, 0x0705 CAN data) and GB/T 19056 (12H driver, 13H power records
// in a 0x0700 answer), decoded by libs/jt808 as the gateway does, then published as uplinks: stored
// once despite redelivery, listed in the driver ID and external power reports, CAN frames decoded
// through the signal table, with windows, scope and action codes, on SQLite and MariaDB.
import { Topics, type TerminalUplink } from '@openfleet/contracts';
import { decodeBody, encodeRecorderFrame, messageToJson, RECORDER_UPLOAD_HEAD, type Jt808Message } from '@openfleet/jt808';
import ExcelJS from 'exceljs';
import { companyUser, grantRole, register, startTracking, vehicle, waitFor, type Engine, type TrackingTestApp, binary } from './tracking-test-app';

jest.setTimeout(60_000);

const cst = (text: string) => Date.parse(`${text}+08:00`);
const gbk = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const ascii = (text: string, size: number) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.alloc(size - text.length)]);

/** The body as the gateway publishes it: decoded by the codec, then its JSON form. */
function uplink(msgId: number, body: Buffer, terminalPhone: string, receivedAt: number): TerminalUplink {
  const decoded = decodeBody(msgId, body, '2013');
  const json = messageToJson({ msgId, version: '2013', phone: terminalPhone, serial: 7, body: decoded } as unknown as Jt808Message);
  return { terminalPhone, msgId: `0x${msgId.toString(16).padStart(4, '0')}`, version: '2013', serial: 7, receivedAt, gatewayId: 'g1', body: json.body as Record<string, unknown> };
}

// 0x0702 (2013): status 01 inserted, time BCD[6], IC result 00, name (length + GBK "张三"),
// qualification certificate STRING[20], issuer (length + GBK "北京"), expiry BCD[4].
const cardInserted = Buffer.concat([gbk('01 261120083000 00 04 d5c5c8fd'), ascii('110101199001011234', 20), gbk('04 b1b1bea9 20301231')]);
// Card removed: status 02 and the time only.
const cardRemoved = gbk('02 261120180000');
// 0x0700: reply serial, command word 12H, then the recorder's 55 7A frame of two 25-byte records
// (time BCD[6], licence ASCII[18], event 01 login / 02 logout).
const driverLog = Buffer.concat([
  gbk('0005 12'),
  encodeRecorderFrame(RECORDER_UPLOAD_HEAD, 0x12, Buffer.concat([gbk('261120075500'), ascii('110101199001011234', 18), gbk('01'), gbk('261120190000'), ascii('110101199001011234', 18), gbk('02')])),
]);
// 0x0700 answering 13H: two 7-byte records (time, event 01 powered / 02 cut).
const powerLog = Buffer.concat([gbk('0006 13'), encodeRecorderFrame(RECORDER_UPLOAD_HEAD, 0x13, gbk('261120060000 01 261120230000 02'))]);
// 0x0705: count 2, receive time hhmmss + ms (08:30:15.250), then CAN id DWORD + data BYTE[8] each.
// J1939 EEC1 (bus 0CF00400) with engine speed raw 0x1368; ET1 (bus 18FEEE00, channel bit 31 set) with coolant 0x5A.
const canData = gbk('0002 0830150250 0cf00400 ffffff6813ffffff 98feee00 5affffffffffffff');

describe.each<Engine>(['sqlite', 'mysql'])('terminal records on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const get = async (path: string, auth = token) => (await test.http().get(path).set('Authorization', auth).expect(200)).body;

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('901', '13900000901', ['90']), vehicle('902', '13900000902', ['91'])]);
    await grantRole(test, 'records', ['driverIdentity:search', 'driverIdentity:export', 'externalPower:search', 'canData:search', 'canData:add']);
    await grantRole(test, 'can-viewer', ['canData:search']);
    token = await test.tokenFor({ ...companyUser('90'), roleIds: ['records'] });
    const received = cst('2026-11-20T08:31:00');
    const uplinks = [
      uplink(0x0702, cardInserted, '13900000901', received),
      uplink(0x0702, cardRemoved, '13900000901', cst('2026-11-20T18:00:05')),
      uplink(0x0700, driverLog, '13900000901', received),
      uplink(0x0700, powerLog, '13900000901', received),
      uplink(0x0705, canData, '13900000901', received),
      uplink(0x0702, cardInserted, '13900000902', received),
    ];
    // Published twice: a redelivery stores nothing more.
    for (let i = 0; i < 2; i++) await test.bus.publish(Topics.terminalUplink, uplinks.map((value) => ({ key: value.terminalPhone, value })));
    await waitFor(async () => (await get('/gps/report/power-records?startTime=2026-11-20&endTime=2026-11-20')).data?.total === 2, 10_000, 'the records');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('lists card events and tachograph logins of the own company, newest first, each once', async () => {
    const { records, total } = (await get('/gps/report/driver-records?startTime=2026-11-20&endTime=2026-11-20')).data;
    expect(total).toBe(4);
    expect(records.map((row: { time: string; source: string; event: number }) => [row.time, row.source, row.event])).toEqual([
      ['2026-11-20 19:00:00', 'recorder', 2],
      ['2026-11-20 18:00:00', 'card', 2],
      ['2026-11-20 08:30:00', 'card', 1],
      ['2026-11-20 07:55:00', 'recorder', 1],
    ]);
    expect(records[2]).toMatchObject({ plateCode: '京A00901', name: '张三', licence: '110101199001011234', issuer: '北京', expiry: '2030-12-31', icResult: 0 });
    expect(records[3]).toMatchObject({ licence: '110101199001011234', name: null });
  });

  it('lists the external power records', async () => {
    const { records } = (await get('/gps/report/power-records?startTime=2026-11-20&endTime=2026-11-20')).data;
    expect(records.map((row: { time: string; event: number }) => [row.time, row.event])).toEqual([
      ['2026-11-20 23:00:00', 2],
      ['2026-11-20 06:00:00', 1],
    ]);
  });

  it('decodes CAN frames through the signal table, and draws a signal', async () => {
    const speed = (await test.http().post('/gps/can/signals').set('Authorization', token).send({ name: 'engine speed', busId: 0x0cf00400, startBit: 24, bitLength: 16, byteOrder: 'intel', factor: 0.125, offset: 0, unit: 'rpm' }).expect(200)).body;
    expect(speed).toMatchObject({ flag: true, data: { busId: 0x0cf00400, factor: 0.125 } });
    await test.http().post('/gps/can/signals').set('Authorization', token).send({ name: 'coolant', busId: 0x18feee00, startBit: 0, bitLength: 8, byteOrder: 'intel', factor: 1, offset: -40, unit: '°C' }).expect(200);
    const window = 'startTime=2026-11-20%2008:00:00&endTime=2026-11-20%2009:00:00';
    const frames = (await get(`/gps/can/frames?vehicleId=901&${window}`)).data;
    expect(frames.total).toBe(2);
    expect(frames.records.map((row: { time: string; channel: number; busIdHex: string; data: string; signals: { name: string; value: number }[] }) => [row.time, row.channel, row.busIdHex, row.data, row.signals.map((s) => [s.name, s.value])])).toEqual([
      ['2026-11-20 08:30:15.250', 0, '0CF00400', 'FFFFFF6813FFFFFF', [['engine speed', 621]]],
      ['2026-11-20 08:30:15.250', 1, '18FEEE00', '5AFFFFFFFFFFFFFF', [['coolant', 50]]],
    ]);
    expect((await get(`/gps/can/frames?vehicleId=901&${window}&busId=${0x18feee00}`)).data.total).toBe(1);
    const series = (await get(`/gps/can/series?vehicleId=901&${window}&signalIds=${speed.data.id}`)).data;
    expect(series.series).toEqual([{ id: speed.data.id, name: 'engine speed', unit: 'rpm', points: [[cst('2026-11-20T08:30:15.250'), 621]] }]);
  });

  it('keeps to the windows, the scope and the action codes', async () => {
    expect(await get('/gps/can/frames?vehicleId=901&startTime=2026-11-20%2000:00:00&endTime=2026-11-22%2000:00:00')).toMatchObject({ flag: false, errorCode: 300 });
    expect(await get('/gps/report/driver-records?startTime=2026-10-01&endTime=2026-11-20')).toMatchObject({ flag: false, errorCode: 300 });
    expect(await get('/gps/can/frames?vehicleId=902&startTime=2026-11-20%2008:00:00&endTime=2026-11-20%2009:00:00')).toMatchObject({ flag: false, errorCode: 8002 });
    const theirs = await test.tokenFor({ ...companyUser('91'), roleIds: ['records'] });
    const other = (await get('/gps/report/driver-records?startTime=2026-11-20&endTime=2026-11-20', theirs)).data;
    expect(other.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['902']);
    const viewer = await test.tokenFor({ ...companyUser('90'), roleIds: ['can-viewer'] });
    const refused = await test.http().post('/gps/can/signals').set('Authorization', viewer).send({ name: 'x', busId: 1, startBit: 0, bitLength: 8, byteOrder: 'intel', factor: 1, offset: 0 });
    expect(refused.body).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get('/gps/report/driver-records?startTime=2026-11-20&endTime=2026-11-20', viewer)).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('exports the driver records as Excel', async () => {
    const response = await test.http().get('/gps/report/driver-records/export?startTime=2026-11-20&endTime=2026-11-20').set('Authorization', token).buffer(true).parse(binary).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const rows = workbook.worksheets[0].getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => [row[2], row[3]])).toEqual([
      ['2026-11-20 19:00:00', '退出'],
      ['2026-11-20 18:00:00', '拔卡'],
      ['2026-11-20 08:30:00', '插卡'],
      ['2026-11-20 07:55:00', '登录'],
    ]);
  });
});
