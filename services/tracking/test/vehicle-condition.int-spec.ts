// The vehicle condition list (/gps/vehicle-condition): positions with the 0x25, 0x2A, 0x2B, 0x30 and
// 0x31 items (decoded by libs/jt808 from bytes laid out by hand after JT/T 808-2019 table 27, then
// mapped as the gateway maps them) and a 0x0705 upload, on SQLite and MariaDB: the newest values per
// vehicle, an older report never replacing a newer one, CAN values through the signal table, the
// Excel export, the scope (another company's vehicle answers like a missing one) and the action codes.
import { Topics, type TerminalUplink } from '@openfleet/contracts';
import { decodeBody, messageToJson, type Jt808Message, type LocationBody } from '@openfleet/jt808';
import ExcelJS from 'exceljs';
import { binary, companyUser, grantRole, position, publishPositions, register, startTracking, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const cst = (text: string) => Date.parse(`${text}+08:00`);

/**
 * A 0x0200 body: alarm 0, status, 39.9 N 116.4 E, altitude 50, speed 36.0 km/h, heading 90, time,
 * then the items: 0x25 (4 bytes), 0x2A (2), 0x2B (4: AD1 high word, AD0 low word), 0x30 (1), 0x31 (1).
 */
function location(status: string, time: string, items: string): LocationBody {
  return decodeBody(0x0200, hex(`00000000 ${status} 02610d50 06f0d2d0 0032 0168 005a ${time} ${items}`), '2019') as LocationBody;
}

/** The bus record as the gateway maps it: the status word, and the items keyed by their kind in extrasJson. */
function positionOf(phone: string, body: LocationBody, receivedAtMs: number) {
  const extras = Object.fromEntries(body.extras.map((extra) => [extra.kind, extra.value]));
  return position(phone, Math.floor(body.time!.getTime() / 1000), body.latitude, body.longitude, body.speed, { statusFlags: body.status, receivedAtMs, extrasJson: JSON.stringify(extras) });
}

function canUplink(terminalPhone: string, body: Buffer, receivedAt: number): TerminalUplink {
  const decoded = decodeBody(0x0705, body, '2013');
  const json = messageToJson({ msgId: 0x0705, version: '2013', phone: terminalPhone, serial: 7, body: decoded } as unknown as Jt808Message);
  return { terminalPhone, msgId: '0x0705', version: '2013', serial: 7, receivedAt, gatewayId: 'g1', body: json.body as Record<string, unknown> };
}

// Status 0x00002003: ACC on (bit 0), located (bit 1), front door open (bit 13).
// 0x25 = 0x00000019: low beam (bit 0), left turn (bit 3), brake (bit 4). 0x2A = 0x0002: sleep (bit 1).
// 0x2B = AD1 0x0064 (100), AD0 0x01f4 (500). 0x30 = 0x1c (28). 0x31 = 0x0b (11).
const newer = location('00002003', '261127100000', '25 04 00000019 2a 02 0002 2b 04 006401f4 30 01 1c 31 01 0b');
// One minute older, every item different: must change nothing.
const older = location('00000002', '261127095900', '25 04 00000002 2a 02 0001 2b 04 00010001 30 01 05 31 01 03');
// Newer again, with the signal strength only: the other items keep their values.
const newest = location('00002003', '261127100100', '30 01 1f');
// 0x0705: two frames at 10:00:30.000: EEC1 (0CF00400) engine speed raw 0x1368 (621 rpm), ET1 (18FEEE00) coolant 0x5A (50 °C).
const canData = hex('0002 1000300000 0cf00400 ffffff6813ffffff 18feee00 5affffffffffffff');

describe.each<Engine>(['sqlite', 'mysql'])('vehicle condition on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const get = async (path: string, auth = token) => (await test.http().get(path).set('Authorization', auth).expect(200)).body;
  const rowOf = async (vehicleId: string, auth = token) => (await get(`/gps/vehicle-condition?vehicleIds=${vehicleId}`, auth)).data.records[0];

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('701', '013900000701', ['70']), vehicle('702', '013900000702', ['70']), vehicle('703', '013900000703', ['71'])]);
    await grantRole(test, 'condition', ['vehicleCondition:search', 'vehicleCondition:export', 'canData:add']);
    await grantRole(test, 'condition-viewer', ['vehicleCondition:search']);
    await grantRole(test, 'tracks-only', ['historyTrack:search']);
    token = await test.tokenFor({ ...companyUser('70'), roleIds: ['condition'] });
    const received = cst('2026-11-27T10:01:05');
    await test.http().post('/gps/can/signals').set('Authorization', token).send({ name: 'engine speed', busId: 0x0cf00400, startBit: 24, bitLength: 16, byteOrder: 'intel', factor: 0.125, offset: 0, unit: 'rpm' }).expect(200);
    await test.http().post('/gps/can/signals').set('Authorization', token).send({ name: 'coolant', busId: 0x18feee00, startBit: 0, bitLength: 8, byteOrder: 'intel', factor: 1, offset: -40, unit: '°C' }).expect(200);
    await publishPositions(test.bus, [positionOf('013900000701', newer, received), positionOf('013900000703', newer, received)]);
    await waitFor(async () => (await rowOf('701'))?.satellites === 11, 10_000, 'the first report');
    await publishPositions(test.bus, [positionOf('013900000701', older, received)]);
    await publishPositions(test.bus, [positionOf('013900000701', newest, received)]);
    await test.bus.publish(Topics.terminalUplink, [{ key: '013900000701', value: canUplink('013900000701', canData, received) }]);
    await waitFor(async () => {
      const row = await rowOf('701');
      return row?.signalStrength === 31 && row.can.length === 2;
    }, 10_000, 'the newest report and the CAN frames');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('keeps the newest status word, items and CAN values of each vehicle', async () => {
    const row = await rowOf('701');
    expect(row).toMatchObject({
      vehicleId: '701',
      plateCode: '京A00701',
      terminalPhone: '13900000701',
      gpsTime: '2026-11-27 10:01:00',
      statusFlags: 0x2003,
      extrasTime: '2026-11-27 10:01:00',
      extendedSignals: 0x19,
      ioStatus: 2,
      analog: { ad0: 500, ad1: 100 },
      signalStrength: 31,
      satellites: 11,
    });
    expect(row.can.map((value: { name: string; value: number; unit: string; time: string }) => [value.name, value.value, value.unit, value.time])).toEqual([
      ['engine speed', 621, 'rpm', '2026-11-27 10:00:30'],
      ['coolant', 50, '°C', '2026-11-27 10:00:30'],
    ]);
    // A vehicle that reported nothing is listed with nulls, never with made-up values.
    expect(await rowOf('702')).toMatchObject({ gpsTime: null, statusFlags: null, extendedSignals: null, signalStrength: null, can: [] });
  });

  it('lists the own company only, and answers another company\'s vehicle like a missing one', async () => {
    const list = (await get('/gps/vehicle-condition')).data;
    expect(list.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['701', '702']);
    expect(list.total).toBe(2);
    expect(await get('/gps/vehicle-condition?vehicleIds=703')).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get('/gps/vehicle-condition?vehicleIds=999')).toMatchObject({ flag: false, errorCode: 8002 });
    const theirs = await test.tokenFor({ ...companyUser('71'), roleIds: ['condition'] });
    expect((await get('/gps/vehicle-condition', theirs)).data.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['703']);
  });

  it('keeps to the action codes: a viewer lists but cannot export; a role without the screen gets 403', async () => {
    const viewer = await test.tokenFor({ ...companyUser('70'), roleIds: ['condition-viewer'] });
    expect((await get('/gps/vehicle-condition', viewer)).data.total).toBe(2);
    expect(await get('/gps/vehicle-condition/export', viewer)).toMatchObject({ flag: false, errorCode: 403 });
    const tracksOnly = await test.tokenFor({ ...companyUser('70'), roleIds: ['tracks-only'] });
    expect(await get('/gps/vehicle-condition', tracksOnly)).toMatchObject({ flag: false, errorCode: 403 });
    expect((await test.http().get('/gps/vehicle-condition')).body).toMatchObject({ flag: false, errorCode: 401 });
  });

  it('filters by online state and refuses a bad filter', async () => {
    expect((await get('/gps/vehicle-condition?vehicleStatus=0')).data.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['701', '702']);
    expect((await get('/gps/vehicle-condition?vehicleStatus=1')).data.total).toBe(0);
    expect((await test.http().get('/gps/vehicle-condition?vehicleStatus=7').set('Authorization', token)).body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('exports the states as words', async () => {
    const response = await test.http().get('/gps/vehicle-condition/export').set('Authorization', token).buffer(true).parse(binary).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const first = Object.fromEntries(header.map((name, index) => [name, sheet.getRow(2).getCell(index + 1).value]));
    expect(first).toMatchObject({ 车牌号: '京A00701', ACC: '开', 定位: '已定位', 车门: '前门开', 门锁: '解锁', 近光灯: '开', 远光灯: '关', 左转向灯: '开', 右转向灯: '关', 制动: '开', IO状态: '休眠', 模拟量AD0: 500, 信号强度: 31, 卫星数: 11 });
    expect(String(first.CAN数据)).toContain('engine speed 621 rpm');
    expect(sheet.getRow(3).getCell(1).value).toBe('京A00702');
  });
});
