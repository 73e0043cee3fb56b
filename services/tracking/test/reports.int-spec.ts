// The statistics reports against a scripted drive whose figures are computed by hand below: day
// statistics (driving, idle, stops, trips, overspeed, fuel, mileage) with a blind-area backfill
// and a midnight crossing, the online rate from online spells, query windows, scope and exports,
// on SQLite and MariaDB.
import { getDataSourceToken } from '@nestjs/typeorm';
import { Topics, type Position } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { companyUser, grantRole, position, publishPositions, register, startTracking, storedCount, vehicle, waitFor, type Engine, type TrackingTestApp, binary } from './tracking-test-app';

jest.setTimeout(90_000);

const cst = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const D1 = '2026-11-20';
const D2 = '2026-11-21';
const ACC_OFF_POSITIONED = 2;
const OVERSPEED = 1 << 1;

/**
 * Vehicle 501 on D1, one point every 10 s from 10:00:00 (point i at 10:00:00 + 10 i s):
 * - i 0-59 drive north at 36 km/h (odometer +1 hm per point from i 1), i 60 arrives (speed 0);
 * - i 60-89 idle, ACC on: the still spell reaches 180 s at i 78, the first stop;
 * - i 90-119 parked, ACC off;
 * - i 120-149 drive at 72 km/h (odometer +2 hm per point from i 121), overspeed alarm on i 126-131, i 150 stops.
 * Fuel 50.0 L falls 0.1 L per point of the first drive (i 1-60), is refilled to 60.0 L at i 120 and
 * falls 0.1 L per point of the second (i 121-150).
 * Hand-computed: mileage 6.0 + 6.0 = 12.0 km; driving (intervals from a moving point) 60 x 10 + 30 x 10
 * = 900 s; idle (still, ACC on) 30 x 10 = 300 s; trips 2; stops 1 (the second still spell is one
 * point); top speed 72 km/h; average 12 km / 0.25 h = 48 km/h; overspeed once, 6 x 10 = 60 s; fuel 6.0 + 3.0 = 9.0 L.
 */
function drive501(): Position[] {
  const points: Position[] = [];
  let odometer = 10_000;
  let fuel = 500;
  let lat = 39.9;
  for (let i = 0; i <= 150; i++) {
    const t = cst(`${D1}T10:00:00`) + i * 10;
    let speed = 0;
    let status: number | undefined;
    if (i >= 1 && i <= 60) {
      odometer += 1;
      fuel -= 1;
      lat += 0.0009;
    }
    if (i >= 121 && i <= 150) {
      odometer += 2;
      fuel -= 1;
      lat += 0.0018;
    }
    if (i === 120) fuel = 600;
    if (i < 60) speed = 36;
    else if (i >= 90 && i < 120) status = ACC_OFF_POSITIONED;
    else if (i >= 120 && i < 150) speed = 72;
    points.push(
      position('13900000501', t, lat, 116.4, speed, {
        receivedAtMs: t * 1000 + 500,
        mileageHm: odometer,
        hasMileage: true,
        fuelDl: fuel,
        hasFuel: true,
        alarmFlags: i >= 126 && i <= 131 ? OVERSPEED : 0,
        ...(status !== undefined ? { statusFlags: status } : {}),
      }),
    );
  }
  return points;
}

/** Vehicle 502 drives at 36 km/h from D1 23:55:00 to D2 00:05:00, a point every 10 s, odometer +1 hm per point. */
function drive502(): Position[] {
  return Array.from({ length: 61 }, (_, i) => {
    const t = cst(`${D1}T23:55:00`) + i * 10;
    return position('13900000502', t, 30 + i * 0.0009, 120, 36, { receivedAtMs: t * 1000 + 500, mileageHm: 20_000 + i, hasMileage: true });
  });
}

describe.each<Engine>(['sqlite', 'mysql'])('statistics reports on %s', (engine) => {
  let test: TrackingTestApp;
  let dataSource: DataSource;
  let token: string;
  const get = async (path: string, auth = token) => (await test.http().get(path).set('Authorization', auth).expect(200)).body;

  beforeAll(async () => {
    test = await startTracking(engine);
    dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    await register(test, [vehicle('501', '13900000501', ['50', '51']), vehicle('502', '13900000502', ['50', '51']), vehicle('503', '13900000503', ['50', '52']), vehicle('601', '13900000601', ['60'])]);
    await grantRole(test, 'reports', ['mileageStatistics:search', 'mileageStatistics:export', 'onlineStatistics:search', 'onlineStatistics:export', 'vehicleOperation:search', 'vehicleOperation:export']);
    await grantRole(test, 'mileage-only', ['mileageStatistics:search']);
    token = await test.tokenFor({ ...companyUser('50'), roleIds: ['reports'] });
    // 501: everything but a blind-area stretch (i 55-95, 7 minutes unheard: more than the 300 s gap),
    // which arrives afterwards; 502 in order across midnight.
    const drive = drive501();
    await publishPositions(test.bus, [...drive.slice(0, 55), ...drive.slice(96)]);
    await publishPositions(test.bus, drive502());
    await waitFor(async () => (await storedCount(test, '13900000501')) === 110 && (await storedCount(test, '13900000502')) === 61, 20_000, 'the live drive');
  });

  afterAll(async () => {
    await test?.close();
  });

  const operation = async (query: string) => (await get(`/gps/report/operation?${query}`)).data;

  it('counts the live drive without the blind-area stretch, then the whole day once the stretch is uploaded', async () => {
    const partial = (await operation(`startTime=${D1}&endTime=${D1}&vehicleIds=501`)).records[0];
    // 7 unheard minutes count as neither driving nor idling: the first drive loses i 54-60 and every idle interval.
    expect(partial).toMatchObject({ drivingS: 840, idleS: 0, mileageKm: 12 });
    const blind = drive501()
      .slice(55, 96)
      .map((point) => ({ ...point, blindArea: true }));
    await publishPositions(test.bus, blind);
    await waitFor(async () => (await storedCount(test, '13900000501')) === 151, 20_000, 'the blind-area upload');
    await waitFor(async () => (await operation(`startTime=${D1}&endTime=${D1}&vehicleIds=501`)).records[0].idleS === 300, 10_000, 'the refold');
    const row = (await operation(`startTime=${D1}&endTime=${D1}&vehicleIds=501`)).records[0];
    expect(row).toMatchObject({
      plateCode: '京A00501',
      mileageKm: 12,
      drivingS: 900,
      idleS: 300,
      parkedS: 86_400 - 1200,
      tripCount: 2,
      stopCount: 1,
      maxSpeedKmh: 72,
      averageSpeedKmh: 48,
      fuelL: 9,
      overspeedCount: 1,
      overspeedS: 60,
    });
    // A vehicle that did not report that day: nothing is known of it, parked time included.
    expect((await operation(`startTime=${D1}&endTime=${D1}&vehicleIds=503`)).records[0]).toMatchObject({ vehicleId: '503', mileageKm: 0, drivingS: 0, parkedS: 0 });
  });

  it('gives the interval across midnight to the new day: the two days add up to the distance driven', async () => {
    const days = (await operation(`startTime=${D1}&endTime=${D2}&vehicleIds=502&groupBy=day`)).records;
    expect(days.map((row: { day: string; mileageKm: number; drivingS: number; tripCount: number }) => [row.day, row.mileageKm, row.drivingS, row.tripCount])).toEqual([
      [D1, 2.9, 290, 1],
      [D2, 3.1, 310, 1],
    ]);
    const mileage = (await get(`/gps/report/mileage?startTime=${D1}&endTime=${D2}&vehicleIds=502`)).data;
    expect(mileage.records[0]).toMatchObject({ mileages: [2.9, 3.1], mileageTotal: 6 });
  });

  it('reports mileage by day and by month with totals per period and company, vehicles that never reported included', async () => {
    const daily = (await get(`/gps/report/mileage?startTime=${D1}&endTime=${D2}`)).data;
    expect(daily.summary.periods).toEqual([D1, D2]);
    expect(daily.records.map((row: { vehicleId: string; mileageTotal: number }) => [row.vehicleId, row.mileageTotal])).toEqual([
      ['501', 12],
      ['502', 6],
      ['503', 0],
    ]);
    expect(daily.summary).toMatchObject({ mileageTotal: 18, periodTotals: [14.9, 3.1] });
    expect(daily.summary.companies).toEqual(expect.arrayContaining([{ id: '51', vehicles: 2, mileageKm: 18 }, { id: '52', vehicles: 1, mileageKm: 0 }]));
    const monthly = (await get('/gps/report/mileage?startTime=2026-10&endTime=2026-11&period=month')).data;
    expect(monthly.summary.periods).toEqual(['2026-10', '2026-11']);
    expect(monthly.records[0]).toMatchObject({ vehicleId: '501', mileages: [0, 12], mileageTotal: 12 });
  });

  it('answers 300 beyond the windows and 400 for a malformed date', async () => {
    expect(await get('/gps/report/mileage?startTime=2026-10-01&endTime=2026-11-21')).toMatchObject({ flag: false, errorCode: 300 });
    expect(await get('/gps/report/online?startTime=2026-10-01&endTime=2026-11-21')).toMatchObject({ flag: false, errorCode: 300 });
    expect(await get('/gps/report/operation?startTime=2026-10-01&endTime=2026-11-21')).toMatchObject({ flag: false, errorCode: 300 });
    expect(await get('/gps/report/mileage?startTime=2026-01&endTime=2026-07&period=month')).toMatchObject({ flag: false, errorCode: 300 });
    expect((await get('/gps/report/mileage?startTime=2026-06&endTime=2026-11&period=month')).flag).toBe(true);
    expect(await get('/gps/report/online?startTime=20261120&endTime=2026-11-21')).toMatchObject({ flag: false });
  });

  it('computes the online rate from the online spells, never-online vehicles included', async () => {
    // Spells as the recorder writes them: 501 online D1 08:00-12:00 and D2 23:00 to D3 01:00; 502 a
    // single report on D2 (a spell of one instant); 503 never.
    const ms = (text: string) => cst(text) * 1000;
    await dataSource.query('DELETE FROM online_session');
    await dataSource.query('INSERT INTO online_session (terminal_phone, vehicle_id, started_at, ended_at, end_cause) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', [
      '13900000501', '501', ms(`${D1}T08:00:00`), ms(`${D1}T12:00:00`), 'closed',
      '13900000501', '501', ms(`${D2}T23:00:00`), ms('2026-11-22T01:00:00'), 'timeout',
      '13900000502', '502', ms(`${D2}T09:00:00`), ms(`${D2}T09:00:00`), 'timeout',
    ]);
    const report = (await get(`/gps/report/online?startTime=${D1}&endTime=${D2}`)).data;
    expect(report.records.map((row: { vehicleId: string; onlineS: number[]; onlineDays: number }) => [row.vehicleId, row.onlineS, row.onlineDays])).toEqual([
      ['501', [14_400, 3_600], 2],
      ['502', [0, 1], 1],
      ['503', [0, 0], 0],
    ]);
    expect(report.summary).toMatchObject({ vehicles: 3, neverOnline: 1, onlineRate: 50 });
    expect(report.summary.daily).toEqual([
      { day: D1, online: 1, total: 3, rate: 33.33 },
      { day: D2, online: 2, total: 3, rate: 66.67 },
    ]);
    // The trend of D1 in 20-minute slots: 501 online in the slots from 08:00 to 12:00 (12:00 itself counts: it ends then).
    const trend = (await get(`/gps/report/online/trend?startTime=${D1}&endTime=${D1}&intervalMin=20`)).data;
    expect(trend.slots).toHaveLength(72);
    const onlineSlots = trend.slots.filter((slot: { online: number }) => slot.online > 0).map((slot: { at: number }) => new Date(slot.at + 8 * 3_600_000).toISOString().slice(11, 16));
    expect(onlineSlots[0]).toBe('08:00');
    expect(onlineSlots.at(-1)).toBe('12:00');
    expect(onlineSlots).toHaveLength(13);
    const seven = await test.http().get(`/gps/report/online/trend?startTime=${D1}&endTime=${D1}&intervalMin=7`).set('Authorization', token);
    expect(seven.body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('keeps each company to its own vehicles and each report to its action code', async () => {
    const other = await test.tokenFor({ ...companyUser('60'), roleIds: ['reports'] });
    const theirs = (await get(`/gps/report/mileage?startTime=${D1}&endTime=${D2}`, other)).data;
    expect(theirs.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['601']);
    // Naming another company's vehicle is refused like naming an unknown one (8002), not quietly dropped.
    expect(await get(`/gps/report/operation?startTime=${D1}&endTime=${D2}&vehicleIds=501,601`, other)).toMatchObject({ flag: false, errorCode: 8002 });
    const narrow = await test.tokenFor({ ...companyUser('50'), roleIds: ['mileage-only'] });
    expect((await get(`/gps/report/mileage?startTime=${D1}&endTime=${D2}`, narrow)).flag).toBe(true);
    for (const path of ['mileage/export', 'online', 'operation']) {
      expect(await get(`/gps/report/${path}?startTime=${D1}&endTime=${D2}`, narrow)).toMatchObject({ flag: false, errorCode: 403 });
    }
  });

  it('exports the operation report as an Excel sheet with the same figures', async () => {
    const response = await test.http().get(`/gps/report/operation/export?startTime=${D1}&endTime=${D1}&vehicleIds=501`).set('Authorization', token).buffer(true).parse(binary).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('车牌号');
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['京A00501', 12, 0.25, 0.08, 2, 1, 72, 48, 9, 60]));
  });
});

describe('online spells recorded live', () => {
  let test: TrackingTestApp;

  beforeAll(async () => {
    test = await startTracking('sqlite');
    await register(test, [vehicle('701', '13900000701', ['70'])]);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('opens a spell when a terminal comes online and closes it with the gateway reason when it goes offline', async () => {
    const dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    const spells = () => dataSource.query('SELECT vehicle_id, started_at, ended_at, end_cause FROM online_session WHERE terminal_phone = ?', ['13900000701']);
    const at = Date.now() - 60_000;
    await test.bus.publish(Topics.terminalSession, [{ key: '13900000701', value: { terminalPhone: '13900000701', vehicleId: '701', state: 'online', gatewayId: 'g', at } }]);
    await waitFor(async () => (await spells()).length === 1, 10_000, 'the opened spell');
    expect((await spells())[0]).toMatchObject({ vehicle_id: '701', ended_at: null });
    expect(Number((await spells())[0].started_at)).toBe(at);
    await test.bus.publish(Topics.terminalSession, [{ key: '13900000701', value: { terminalPhone: '13900000701', vehicleId: '701', state: 'offline', gatewayId: 'g', at: at + 30_000, reason: 'idle-timeout' } }]);
    await waitFor(async () => (await spells())[0].ended_at !== null, 10_000, 'the closed spell');
    expect((await spells())[0]).toMatchObject({ end_cause: 'idle-timeout' });
    expect(Number((await spells())[0].ended_at)).toBe(at + 30_000);
    // Back online: a second spell, and the report counts both.
    await test.bus.publish(Topics.terminalSession, [{ key: '13900000701', value: { terminalPhone: '13900000701', vehicleId: '701', state: 'online', gatewayId: 'g', at: at + 40_000 } }]);
    await waitFor(async () => (await spells()).length === 2, 10_000, 'the second spell');
  });
});
