// The tracking module on real storage (SQLite file and a fresh MariaDB schema), driven through the
// bus port and HTTP: ingest, idempotency, flags, live state, display status, tracks, mileage, scope.
import { getDataSourceToken } from '@nestjs/typeorm';
import { Topics } from '@openfleet/contracts';
import { createConnection, type Connection } from 'mysql2/promise';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Response } from 'supertest';
import { register as metrics } from 'prom-client';
import type { DataSource } from 'typeorm';
import { PartitionMaintenanceService } from '../src';
import { DailyMileageService } from '../src/track/daily-mileage.service';
import {
  binary, companyUser, grantRole, position, publishPositions, register, startTracking, storedCount, superAdmin, vehicle, waitFor,
  type Engine, type TrackingTestApp,
} from './tracking-test-app';

jest.setTimeout(60_000);
const gunzipAsync = promisify(gunzip);
const DAY0 = Date.UTC(2026, 10, 20, 0, 0, 0) / 1000; // 2026-11-20 08:00 CST

/** Exactly what the console does with findDailyMileage: the body as bytes, gunzip, JSON.parse. */
async function decodeDailyMileage(response: Response) {
  const body = response.body as Buffer;
  expect(Buffer.isBuffer(body)).toBe(true);
  expect(response.headers['content-encoding']).toBeUndefined();
  return JSON.parse((await gunzipAsync(body)).toString('utf8'));
}

// supertest parser that keeps the body as raw bytes.

describe.each<Engine>(['sqlite', 'mysql'])('tracking service on %s', (engine) => {
  let test: TrackingTestApp;
  let admin: string;

  beforeAll(async () => {
    test = await startTracking(engine);
    admin = await test.tokenFor(superAdmin);
    await register(test, [
      vehicle('101', '13900000101', ['1', '10']),
      vehicle('102', '13900000102', ['1', '20']),
      vehicle('103', '13900000103', ['1', '10'], ''),
      vehicle('104', '13900000104', ['1', '10']),
    ]);
  });

  afterAll(async () => {
    await test?.close();
  });

  const get = (path: string, token = admin) => test.http().get(path).set('Authorization', token);

  it('stores every position once, even when the batch is delivered again', async () => {
    const points = Array.from({ length: 50 }, (_, i) => position('13900000101', DAY0 + i * 10, 39.9 + i * 0.0003, 116.4, 40));
    await publishPositions(test.bus, points);
    await waitFor(async () => (await storedCount(test, '13900000101')) === 50, 10_000, '50 rows');
    await publishPositions(test.bus, points); // redelivery: same terminal, gps time, sequence
    await publishPositions(test.bus, [position('13900000101', DAY0 + 500, 39.9 + 50 * 0.0003, 116.4, 40)]);
    await waitFor(async () => (await storedCount(test, '13900000101')) === 51, 10_000, '51 rows');
    expect(await storedCount(test, '13900000101')).toBe(51);
  });

  it('keeps 0x0704 items with the same gps time apart by their sequence', async () => {
    const blind = [0, 1, 2].map((sequence) => position('13900000104', DAY0 + 100, 39.95, 116.45, 0, { blindArea: true, sequence }));
    await publishPositions(test.bus, blind);
    await waitFor(async () => (await storedCount(test, '13900000104')) === 3, 10_000, 'three blind-area rows');
  });

  it('flags sentinels, fixes without position and jumps instead of trusting them', async () => {
    const phone = '13900000102';
    await publishPositions(test.bus, [
      position(phone, DAY0, 31.2, 121.5, 30),
      position(phone, DAY0 + 10, 31.2005, 121.5, 215.0), // 215.0 km/h: sentinel
      position(phone, DAY0 + 20, 35.0, 121.5, 30), // 420 km in 10 s: jump
      position(phone, DAY0 + 30, 31.201, 121.5, 30, { statusFlags: 1 }), // no fix
      position(phone, DAY0 + 40, 31.2015, 121.5, 30, { fuelDl: 55535, hasFuel: true }), // 5553.5 L: sentinel
    ]);
    await waitFor(async () => (await storedCount(test, phone)) === 5, 10_000, 'five rows');
    const latest = (await get('/gps/position/findLatestPositions?vehicleIds=102').expect(200)).body;
    expect(latest.flag).toBe(true);
    expect(latest.data[0]).toMatchObject({ vehicleId: '102', latitude: 31.2015, oilMass: null, locateStatus: 1 });
    const track = (await get(`/gps/vtrack/findHistoryTrack?vehicleId=102&startTime=${(DAY0 - 60) * 1000}&endTime=${(DAY0 + 60) * 1000}&isAllLocations=1`).expect(200)).body;
    // The jump and the no-fix report are stored, never drawn; the sentinel speed is shown as missing.
    expect(track.data.points.map((point: { latitude: number }) => point.latitude)).toEqual([31.2, 31.2005, 31.2015]);
    expect(track.data.points[1].gpsSpeed).toBeNull();
  });

  it('answers findDailyMileage as a gzip body the console decodes, key points or full', async () => {
    // East 60 points, then north 60 points: a right-angle turn that key points must keep.
    const phone = '13900000104';
    const points = [
      ...Array.from({ length: 60 }, (_, i) => position(phone, DAY0 + 3600 + i * 10, 39.9, 116.3 + i * 0.001, 36, { mileageHm: 1000 + i, hasMileage: true, fuelDl: 800 - i, hasFuel: true })),
      ...Array.from({ length: 60 }, (_, i) => position(phone, DAY0 + 4200 + i * 10, 39.9 + (i + 1) * 0.001, 116.359, 36, { mileageHm: 1060 + i, hasMileage: true, fuelDl: 740 - i, hasFuel: true })),
    ];
    await publishPositions(test.bus, points);
    await waitFor(async () => (await storedCount(test, phone)) === 123, 10_000, 'track rows');
    const query = `vehicleId=104&startTime=2026-11-20 09:00:00&endTime=2026-11-20 10:00:00&mapType=3`;
    const fullResponse = await get(`/gps/vtrack/findDailyMileage?${query}&isAllLocations=1`).buffer(true).parse(binary).expect(200);
    // The server time the benchmark reads (query, views, encoding, gzip).
    expect(fullResponse.headers['server-timing']).toMatch(/^app;dur=\d+(\.\d)?$/);
    const full = await decodeDailyMileage(fullResponse);
    expect(full).toMatchObject({ flag: true, errorCode: 200 });
    const fullPoints = JSON.parse(full.data.listAll);
    expect(fullPoints).toHaveLength(120);
    expect(Object.keys(fullPoints[0])).toEqual(expect.arrayContaining(['gpsTime', 'liftingState', 'loadCondition', 'openCapState', 'high', 'gpsSpeed', 'dspeed', 'oilMass', 'accState', 'mapLatitude', 'mapLongitude']));
    expect(fullPoints[0].gpsTime).toBe('2026-11-20 09:00:00');
    // GCJ-02 moves Beijing by a few hundred metres from WGS-84.
    expect(Math.abs(fullPoints[0].mapLongitude - 116.3)).toBeGreaterThan(0.003);
    expect(full.data.mileageTotal).toBe(11.9);
    expect(full.data.oilTotal).toBe(11.9);
    expect(full.data.averageSpeed).toBe(36);
    expect(full.data.charts.gpsSpeed).toHaveLength(120);
    const keys = await decodeDailyMileage(await get(`/gps/vtrack/findDailyMileage?${query}&isAllLocations=0`).buffer(true).parse(binary).expect(200));
    const keyPoints = JSON.parse(keys.data.listAll);
    expect(keyPoints.length).toBeLessThan(10);
    expect(keyPoints.map((point: { gpsTime: string }) => point.gpsTime)).toEqual(expect.arrayContaining(['2026-11-20 09:00:00', '2026-11-20 09:09:50', '2026-11-20 09:19:50']));
    const baidu = await decodeDailyMileage(await get(`/gps/vtrack/findDailyMileage?${query.replace('mapType=3', 'mapType=1')}&isAllLocations=1`).buffer(true).parse(binary));
    expect(JSON.parse(baidu.data.listAll)[0].mapLongitude).toBeGreaterThan(fullPoints[0].mapLongitude);
  });

  it('refuses a window over the limit with error 300, inside the gzip body', async () => {
    const response = await get('/gps/vtrack/findDailyMileage?vehicleId=104&startTime=2026-11-01 00:00:00&endTime=2026-11-20 00:00:00').buffer(true).parse(binary).expect(200);
    expect(await decodeDailyMileage(response)).toMatchObject({ flag: false, errorCode: 300, data: { maxDays: 3 } });
    const plain = await get('/gps/vtrack/findHistoryTrack?vehicleId=104&startTime=2026-11-01 00:00:00&endTime=2026-11-20 00:00:00').expect(200);
    expect(plain.body).toMatchObject({ flag: false, errorCode: 300 });
    const bad = await get('/gps/vtrack/findHistoryTrack?vehicleId=104&startTime=soon&endTime=later').expect(200);
    expect(bad.body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('segments trips and stops from ACC and speed', async () => {
    const phone = '13900000101';
    const t0 = DAY0 + 7200;
    await publishPositions(test.bus, [
      ...Array.from({ length: 10 }, (_, i) => position(phone, t0 + i * 30, 40.0 + i * 0.002, 116.4, 50)),
      ...Array.from({ length: 11 }, (_, i) => position(phone, t0 + 300 + i * 60, 40.02, 116.4, 0, { statusFlags: 2 })), // ACC off 10 min
      ...Array.from({ length: 10 }, (_, i) => position(phone, t0 + 960 + i * 30, 40.02 + i * 0.002, 116.4, 50)),
    ]);
    await waitFor(async () => (await storedCount(test, phone)) === 82, 10_000, 'trip rows');
    const body = (await get(`/gps/vtrack/findHistoryTrack?vehicleId=101&startTime=${(t0 - 1) * 1000}&endTime=${(t0 + 2000) * 1000}&mode=trip`).expect(200)).body;
    expect(body.flag).toBe(true);
    expect(body.data.stops).toHaveLength(1);
    expect(body.data.stops[0]).toMatchObject({ durationS: 660 });
    expect(body.data.trips).toHaveLength(2);
    expect(body.data.trips[0].distanceKm).toBeCloseTo(2.22, 1);
    expect(body.data.trips[1].start.latitude).toBe(40.02);
    expect(body.data.trips[1].end.latitude).toBeCloseTo(40.038, 6);
  });

  it('computes mileage without the jump and keeps it per day', async () => {
    const phone = '13900000102';
    // After the flagged points above: 10 points 0.001° apart (~111 m each), one 4° jump in the middle.
    await publishPositions(test.bus, [
      ...Array.from({ length: 5 }, (_, i) => position(phone, DAY0 + 100 + i * 10, 31.21 + i * 0.001, 121.5, 40)),
      position(phone, DAY0 + 150, 27.0, 121.5, 40),
      ...Array.from({ length: 5 }, (_, i) => position(phone, DAY0 + 160 + i * 10, 31.215 + i * 0.001, 121.5, 40)),
    ]);
    await waitFor(async () => (await storedCount(test, phone)) === 16, 10_000, 'mileage rows');
    const daily = await decodeDailyMileage(
      await get(`/gps/vtrack/findDailyMileage?vehicleId=102&startTime=${(DAY0 + 100) * 1000}&endTime=${(DAY0 + 300) * 1000}&isAllLocations=1`).buffer(true).parse(binary),
    );
    expect(daily.data.mileageTotal).toBe(1.0); // 9 legs of ~111 m
    const report = (await get('/gps/vtrack/findMileage?vehicleIds=102&startTime=2026-11-20&endTime=2026-11-21').expect(200)).body;
    expect(report.data[0].days).toHaveLength(1);
    expect(report.data[0].days[0].day).toBe('2026-11-20');
    // The day also holds the first points (31.2 -> 31.2015 and 31.2015 -> 31.21): ~2.1 km, never the 470 km jump.
    expect(report.data[0].mileageTotal).toBeGreaterThan(1.9);
    expect(report.data[0].mileageTotal).toBeLessThan(2.3);
  });

  it('derives online state from sessions and shows the spec display status', async () => {
    await test.bus.publish(Topics.terminalSession, [
      { key: '13900000101', value: { terminalPhone: '13900000101', state: 'online', gatewayId: 'g', at: Date.now() } },
      { key: '13900000104', value: { terminalPhone: '13900000104', state: 'offline', gatewayId: 'g', at: Date.now() } },
    ]);
    await publishPositions(test.bus, [
      position('13900000101', Math.floor(Date.now() / 1000), 40.05, 116.4, 60, { alarmFlags: 0b11 }),
      position('13900000103', Math.floor(Date.now() / 1000), 40.05, 116.4, 0),
    ]);
    const statusOf = async () => {
      const body = (await get('/gps/position/findLatestPositions').expect(200)).body;
      return Object.fromEntries(body.data.map((row: { vehicleId: string; displayStatus: string }) => [row.vehicleId, row.displayStatus]));
    };
    await waitFor(async () => (await statusOf())['101'] === 'onlineAlarm', 10_000, 'online alarm');
    expect(await statusOf()).toMatchObject({ '101': 'onlineAlarm', '103': 'unknown', '104': 'offline' });
    const overview = (await get('/gps/position/findScopeOverview').expect(200)).body.data;
    // 102 has no session event yet but reported just now: online by the timeout rule.
    expect(overview).toMatchObject({ total: 4, online: 3, offline: 1, onlineRate: 75 });
    expect(overview.byStatus).toMatchObject({ onlineAlarm: 1, unknown: 1, offline: 1 });
  });

  it('shows every reachable branch of the display status rule through the API', async () => {
    const now = Math.floor(Date.now() / 1000);
    const phone = (n: number) => `139000001${n}`;
    await register(test, [
      vehicle('110', phone(10), ['1', '30'], ''),
      ...[111, 112, 113, 114, 115, 116, 117, 118].map((n) => vehicle(String(n), phone(n - 100), ['1', '30'])),
    ]);
    const moving = (n: number, alarmFlags = 0) => position(phone(n), now, 39.9, 116.4, 50, { alarmFlags });
    const standing = (n: number, alarmFlags = 0) => position(phone(n), now, 39.9, 116.4, 0, { alarmFlags });
    await publishPositions(test.bus, [
      moving(10), moving(12, 1), moving(13),
      position(phone(14), now - 60, 39.9, 116.4, 30), position(phone(14), now, 39.9, 116.4, 30, { statusFlags: 1, alarmFlags: 4 }),
      standing(15, 2), standing(16), moving(17, 1), moving(18),
    ]);
    const session = (n: number, state: 'online' | 'offline') => ({ key: phone(n), value: { terminalPhone: phone(n), state, gatewayId: 'g', at: Date.now() } });
    await test.bus.publish(Topics.terminalSession, [session(12, 'offline'), session(13, 'offline'), ...[14, 15, 16, 17, 18].map((n) => session(n, 'online'))]);
    const expected = {
      '110': 'unknown', '111': 'positioningAbnormal', '112': 'offlineAlarm', '113': 'offline', '114': 'locateAlarm',
      '115': 'stoppedAlarm', '116': 'stopped', '117': 'onlineAlarm', '118': 'online',
    };
    const statuses = async () => {
      const body = (await get(`/gps/position/findLatestPositions?vehicleIds=${Object.keys(expected).join(',')}`).expect(200)).body;
      return Object.fromEntries(body.data.map((row: { vehicleId: string; displayStatus: string }) => [row.vehicleId, row.displayStatus]));
    };
    await waitFor(async () => JSON.stringify(await statuses()) === JSON.stringify(expected), 10_000, 'display statuses');
    // Rule 10 ("located") needs an unknown session state, which the API never reports: it is covered by the unit test.
    expect(await statuses()).toEqual(expected);
  });

  it('shows a company only its own vehicles', async () => {
    await grantRole(test, 'viewer', ['multiCar', 'home', 'historyTrack:search', 'mileageStatistics:search']);
    const noRole = await test.tokenFor(companyUser('20'));
    expect((await get('/gps/position/findLatestPositions', noRole).expect(200)).body).toMatchObject({ flag: false, errorCode: 403 });
    const company20 = await test.tokenFor({ ...companyUser('20'), roleIds: ['viewer'] });
    const own = (await get('/gps/position/findLatestPositions', company20).expect(200)).body;
    expect(own.data.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['102']);
    const foreign = (await get('/gps/position/findLatestPositions?vehicleIds=101', company20).expect(200)).body;
    expect(foreign).toMatchObject({ flag: false, errorCode: 8002 });
    const track = (await get('/gps/vtrack/findHistoryTrack?vehicleId=101&startTime=2026-11-20&endTime=2026-11-21', company20).expect(200)).body;
    expect(track).toMatchObject({ flag: false, errorCode: 8002 });
    await test.http().get('/gps/position/findLatestPositions').expect(401);
  });

  it('stores every field as sent, text with quotes, backslashes and Chinese included', async () => {
    const extrasJson = JSON.stringify({ note: 'tab\there "quoted" back\\slash\nline 中文', signal: 25 });
    await publishPositions(test.bus, [position('13900000199', DAY0 + 7, 39.91, 116.41, 55, { extrasJson, altitudeM: 48, fuelDl: 423, hasFuel: true })]);
    await waitFor(async () => (await storedCount(test, '13900000199')) === 1, 10_000, 'one row');
    const dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    const [row] = await dataSource.query('SELECT gps_time, speed_dkmh, altitude_m, fuel_dl, recorded_speed_dkmh, latitude_e6, extras FROM track_point WHERE terminal_phone = ?', ['13900000199']);
    expect({ ...row, gps_time: Number(row.gps_time) }).toEqual({
      gps_time: DAY0 + 7, speed_dkmh: 550, altitude_m: 48, fuel_dl: 423, recorded_speed_dkmh: null, latitude_e6: 39_910_000, extras: extrasJson,
    });
  });

  it('answers a repeated findDailyMileage from the answer cache until a late point changes its rows', async () => {
    // A terminal bound to no vehicle (open registration): the super administrator addresses it by its phone.
    const phone = '13900000188';
    const t0 = DAY0 + 20_000;
    await publishPositions(test.bus, Array.from({ length: 30 }, (_, i) => position(phone, t0 + i * 20, 39.8 + i * 0.0005, 116.2, 30)));
    await waitFor(async () => (await storedCount(test, phone)) === 30, 10_000, '30 rows');
    const answers = test.app.get(DailyMileageService).answers;
    const path = `/gps/vtrack/findDailyMileage?vehicleId=${phone}&startTime=${(t0 - 600) * 1000}&endTime=${(t0 + 1200) * 1000}&isAllLocations=1`;
    const request = async (token = admin) => {
      const response = await get(path, token).buffer(true).parse(binary).expect(200);
      return { bytes: response.body as Buffer, envelope: await decodeDailyMileage(response) };
    };
    const first = await request();
    expect(JSON.parse(first.envelope.data.listAll)).toHaveLength(30);
    const hits = answers.hits;
    const second = await request();
    expect(answers.hits).toBe(hits + 1);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const metric = await metrics.getSingleMetric('tracking_track_cache_hits_total')?.get();
    expect(metric?.values[0].value).toBeGreaterThanOrEqual(1);
    // The scope check still runs before the cache: another company's user gets 8002, not the cached body.
    await grantRole(test, 'track-cache-viewer', ['historyTrack:search']);
    const outsider = await request(await test.tokenFor({ ...companyUser('20'), roleIds: ['track-cache-viewer'] }));
    expect(outsider.envelope).toMatchObject({ flag: false, errorCode: 8002 });
    expect(answers.hits).toBe(hits + 1);
    // A late blind-area point inside the window: the rows changed, so the answer is built anew.
    await publishPositions(test.bus, [position(phone, t0 + 10, 39.80025, 116.2, 30, { blindArea: true })]);
    await waitFor(async () => (await storedCount(test, phone)) === 31, 10_000, 'the late point');
    const third = await request();
    expect(answers.hits).toBe(hits + 1);
    const points = JSON.parse(third.envelope.data.listAll);
    expect(points).toHaveLength(31);
    expect(points[1]).toMatchObject({ latitude: 39.80025, blindArea: 1 });
    // ...and that new answer is the one served again.
    const fourth = await request();
    expect(answers.hits).toBe(hits + 2);
    expect(fourth.bytes.equals(third.bytes)).toBe(true);
  });
});

describe('track point writes on MariaDB without LOAD DATA LOCAL', () => {
  let test: TrackingTestApp;
  let root: Connection;

  beforeAll(async () => {
    // MySQL 8 ships with local_infile OFF: the writer must notice and go on with INSERTs.
    root = await createConnection({ host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' });
    await root.query('SET GLOBAL local_infile = 0');
    test = await startTracking('mysql');
  });

  afterAll(async () => {
    await root?.query('SET GLOBAL local_infile = 1');
    await root?.end();
    await test?.close();
  });

  it('falls back to INSERT IGNORE and still stores each position once', async () => {
    const phone = '13700000002';
    const points = Array.from({ length: 30 }, (_, i) => position(phone, DAY0 + i * 10, 30 + i * 0.0002, 120, 30));
    await publishPositions(test.bus, points);
    await waitFor(async () => (await storedCount(test, phone)) === 30, 10_000, '30 rows');
    await publishPositions(test.bus, [...points, position(phone, DAY0 + 400, 30.01, 120, 30)]);
    await waitFor(async () => (await storedCount(test, phone)) === 31, 10_000, '31 rows');
    expect(await storedCount(test, phone)).toBe(31);
  });
});

describe('track_point partitions on MariaDB', () => {
  let test: TrackingTestApp;

  beforeAll(async () => {
    test = await startTracking('mysql', { extraEnv: { TRACKING_PARTITIONS_AHEAD: '3', TRACKING_RETENTION_DAYS: '2' } });
  });

  afterAll(async () => {
    await test?.close();
  });

  it('creates days ahead, drops days past retention, and keeps rows of the days it keeps', async () => {
    const maintenance = test.app.get(PartitionMaintenanceService);
    const names = async () => (await maintenance.partitions()).map((partition) => partition.name);
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const dayName = (dayS: number) => `p_${new Date(dayS * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`;
    expect(await names()).toEqual(expect.arrayContaining([dayName(today), dayName(today + 3 * 86_400), 'p_future']));
    const phone = '13700000001';
    // Today's row, and one 9 days ahead that lands in p_future (the migration plans 7 days ahead).
    await publishPositions(test.bus, [position(phone, today + 3600, 30, 120, 10), position(phone, today + 9 * 86_400 + 60, 30.001, 120, 10)]);
    await waitFor(async () => (await storedCount(test, phone)) === 2, 10_000, 'rows today and in 9 days');
    // Ten days later: days up to +13 are split off p_future (its row moves with it), days up to +7 are past the 2-day retention.
    const plan = await maintenance.runOnce(Date.now() + 10 * 86_400_000);
    expect(plan.add).toEqual([8, 9, 10, 11, 12, 13].map((n) => today + n * 86_400));
    expect(plan.drop).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => dayName(today + n * 86_400)));
    expect(await names()).not.toContain(dayName(today));
    expect(await names()).toEqual(expect.arrayContaining([dayName(today + 9 * 86_400), dayName(today + 13 * 86_400), 'p_future']));
    expect(await storedCount(test, phone)).toBe(1);
    expect(await maintenance.runOnce(Date.now() + 10 * 86_400_000)).toEqual({ add: [], drop: [] });
  });
});
