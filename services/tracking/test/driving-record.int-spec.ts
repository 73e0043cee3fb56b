// The driving record screen's storage and queries: GB/T 19056 answers (0x0700) laid out byte by
// byte from appendix A (08H table A.17, 10H table A.22, 03H table A.9, 12H A.26, 13H A.28), decoded
// by libs/jt808 as the gateway does, published as uplinks, stored once despite redelivery and
// listed per command word with scope, windows, action codes and the Excel export, on SQLite and MariaDB.
import { Topics, type TerminalUplink } from '@openfleet/contracts';
import { decodeBody, encodeRecorderFrame, messageToJson, RECORDER_UPLOAD_HEAD, type Jt808Message } from '@openfleet/jt808';
import ExcelJS from 'exceljs';
import { binary, companyUser, grantRole, register, startTracking, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

const cst = (text: string) => Date.parse(`${text}+08:00`);
const bytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const ascii = (text: string, size: number) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.alloc(size - text.length)]);
const LICENCE = '110101199001011234';

function uplink(body: Buffer, terminalPhone: string, receivedAt: number): TerminalUplink {
  const decoded = decodeBody(0x0700, body, '2013');
  const json = messageToJson({ msgId: 0x0700, version: '2013', phone: terminalPhone, serial: 9, body: decoded } as unknown as Jt808Message);
  return { terminalPhone, msgId: '0x0700', version: '2013', serial: 9, receivedAt, gatewayId: 'g1', body: json.body as Record<string, unknown> };
}

/** 0x0700: reply serial WORD, command word BYTE, then the recorder's 55 7A frame around `data`. */
const answer = (word: number, data: Buffer) => Buffer.concat([bytes('0003'), Buffer.from([word]), encodeRecorderFrame(RECORDER_UPLOAD_HEAD, word, data)]);

// 08H: start time BCD[6] then 60 pairs (speed km/h, status byte); one record at 08:30, one at 08:31.
const speedPairs = (base: number) => Buffer.concat(Array.from({ length: 60 }, (_, i) => Buffer.from([base + (i % 10), i === 59 ? 0x80 : 0x00])));
const speedRecords = answer(0x08, Buffer.concat([bytes('261120083000'), speedPairs(40), bytes('261120083100'), speedPairs(50)]));
// 10H: end time, licence ASCII[18], 100 pairs at 0.2 s (speed falling to 0), position: longitude
// 116.4° = 69 840 000 (0.0001 min) = 0429 AC80, latitude 39.9° = 23 940 000 = 016D 4BA0, altitude 50 m.
const accident = answer(0x10, Buffer.concat([bytes('261120090000'), ascii(LICENCE, 18), Buffer.concat(Array.from({ length: 100 }, (_, i) => Buffer.from([Math.max(0, 99 - i), 0]))), bytes('0429ac80 016d4ba0 0032')]));
// 03H: real time, install time, initial mileage 0000 1234 (123.4 km), total 0123 4567 (123 456.7 km).
const mileage = answer(0x03, bytes('261120100000 200101080000 00001234 01234567'));
// 12H: time, licence, event 01 login.
const login = answer(0x12, Buffer.concat([bytes('261120075500'), ascii(LICENCE, 18), bytes('01')]));
// 13H: time, event 02 cut.
const powerCut = answer(0x13, bytes('261120230000 02'));

describe.each<Engine>(['sqlite', 'mysql'])('driving records on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const window = 'startTime=2026-11-20%2000:00:00&endTime=2026-11-20%2023:59:59';
  const get = async (path: string, auth = token) => (await test.http().get(path).set('Authorization', auth).expect(200)).body;

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('901', '13900000901', ['90']), vehicle('902', '13900000902', ['91'])]);
    await grantRole(test, 'recorder', ['drivingRecord:search', 'drivingRecord:export']);
    await grantRole(test, 'recorder-viewer', ['drivingRecord:search']);
    token = await test.tokenFor({ ...companyUser('90'), roleIds: ['recorder'] });
    const received = cst('2026-11-20T10:00:05');
    const uplinks = [speedRecords, accident, mileage, login, powerCut].map((body) => uplink(body, '13900000901', received));
    uplinks.push(uplink(speedRecords, '13900000902', received));
    // Published twice: a redelivery stores nothing more.
    for (let i = 0; i < 2; i++) await test.bus.publish(Topics.terminalUplink, uplinks.map((value) => ({ key: value.terminalPhone, value })));
    await waitFor(async () => (await get(`/gps/drivingRecord/records?vehicleId=901&command=8&${window}`)).data?.total === 2 && (await get(`/gps/drivingRecord/records?vehicleId=901&command=3&${window}`)).data?.total === 1, 10_000, 'the records');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('lists the 08H speed records newest first, once each, with their 60 samples', async () => {
    const page = (await get(`/gps/drivingRecord/records?vehicleId=901&command=8&${window}`)).data;
    expect(page.total).toBe(2);
    expect(page.records.map((r: { time: string; plateCode: string }) => [r.time, r.plateCode])).toEqual([
      ['2026-11-20 08:31:00', '京A00901'],
      ['2026-11-20 08:30:00', '京A00901'],
    ]);
    expect(page.records[0].data.samples).toHaveLength(60);
    expect(page.records[0].data.samples.slice(0, 2)).toEqual([{ speed: 50, status: 0 }, { speed: 51, status: 0 }]);
    expect(page.records[1].receivedTime).toBe('2026-11-20 10:00:05');
  });

  it('draws the 08H records as one curve per second', async () => {
    const curve = (await get(`/gps/drivingRecord/speedCurve?vehicleId=901&${window}`)).data;
    expect(curve.speed).toHaveLength(120);
    expect(curve.speed[0]).toEqual([cst('2026-11-20T08:30:00'), 40]);
    expect(curve.speed[61]).toEqual([cst('2026-11-20T08:31:01'), 51]);
    expect(curve.status[59]).toEqual([cst('2026-11-20T08:30:59'), 0x80]);
  });

  it('keeps the accident suspicion, the header data and reads 12H/13H from the driver and power records', async () => {
    const [doubt] = (await get(`/gps/drivingRecord/records?vehicleId=901&command=16&${window}`)).data.records;
    expect(doubt.time).toBe('2026-11-20 09:00:00');
    expect(doubt.data).toMatchObject({ licence: LICENCE, position: { longitude: 116.4, latitude: 39.9, altitudeM: 50 } });
    expect(doubt.data.samples[0]).toEqual({ speed: 99, status: 0 });
    expect(doubt.data.samples[99]).toEqual({ speed: 0, status: 0 });
    const [header] = (await get(`/gps/drivingRecord/records?vehicleId=901&command=3&${window}`)).data.records;
    expect(header).toMatchObject({ time: '2026-11-20 10:00:05', data: { time: '2026-11-20 10:00:00', installTime: '2020-01-01 08:00:00', initialMileageKm: 123.4, totalMileageKm: 123456.7 } });
    expect((await get(`/gps/drivingRecord/records?vehicleId=901&command=18&${window}`)).data.records.map((r: { data: unknown }) => r.data)).toEqual([{ time: '2026-11-20 07:55:00', licence: LICENCE, event: 1 }]);
    expect((await get(`/gps/drivingRecord/records?vehicleId=901&command=19&${window}`)).data.records.map((r: { data: unknown }) => r.data)).toEqual([{ time: '2026-11-20 23:00:00', event: 2 }]);
    expect((await get(`/gps/drivingRecord/records?vehicleId=901&command=9&${window}`)).data.total).toBe(0);
  });

  it('refuses another company, long windows, unknown words and callers without the action codes', async () => {
    expect(await get(`/gps/drivingRecord/records?vehicleId=902&command=8&${window}`)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get(`/gps/drivingRecord/speedCurve?vehicleId=902&${window}`)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get('/gps/drivingRecord/records?vehicleId=901&command=8&startTime=2026-11-01%2000:00:00&endTime=2026-11-20%2000:00:00')).toMatchObject({ flag: false, errorCode: 300 });
    // Bad input is answered with HTTP 400 and the envelope's 400.
    const unknownWord = await test.http().get(`/gps/drivingRecord/records?vehicleId=901&command=48&${window}`).set('Authorization', token).expect(400);
    expect(unknownWord.body).toMatchObject({ flag: false, errorCode: 400 });
    // The other company sees its own vehicle's records.
    const theirs = await test.tokenFor({ ...companyUser('91'), roleIds: ['recorder'] });
    expect((await get(`/gps/drivingRecord/records?vehicleId=902&command=8&${window}`, theirs)).data.total).toBe(2);
    // A narrower role: lists, but does not export.
    const viewer = await test.tokenFor({ ...companyUser('90'), roleIds: ['recorder-viewer'] });
    expect((await get(`/gps/drivingRecord/records?vehicleId=901&command=8&${window}`, viewer)).data.total).toBe(2);
    expect(await get(`/gps/drivingRecord/records/export?vehicleId=901&command=8&${window}`, viewer)).toMatchObject({ flag: false, errorCode: 403 });
    const nobody = await test.tokenFor(companyUser('90'));
    expect(await get(`/gps/drivingRecord/records?vehicleId=901&command=8&${window}`, nobody)).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('exports a word as Excel, one line of fields per block', async () => {
    const response = await test.http().get(`/gps/drivingRecord/records/export?vehicleId=901&command=16&${window}`).set('Authorization', token).buffer(true).parse(binary).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const rows = workbook.worksheets[0].getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(1, 4)).toEqual(['京A00901', '10H 事故疑点记录', '2026-11-20 09:00:00']);
    expect(String(rows[0][5])).toContain('116.4,39.9');
    expect(String(rows[0][5])).toContain('99 98 97');
  });
});
