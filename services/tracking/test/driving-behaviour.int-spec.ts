// Driving behaviour and driver rating against a scripted one-minute drive at one report a second
// across 22:00 whose figures are counted by hand below, on SQLite and MariaDB.
import { Topics, type Position } from '@openfleet/contracts';
import { companyUser, grantRole, position, publishPositions, register, startTracking, storedCount, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

const cst = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const DAY = '2026-11-20';
const OVERSPEED = 1 << 1;
const FATIGUE = 1 << 2;

/**
 * 61 reports, 21:59:50 to 22:00:50, one a second: 50 km/h, +12 km/h at i 5 (3.3 m/s², harsh), 62
 * until -14 km/h at i 20 (3.9 m/s², harsh braking), 48 after; heading 90° until 130° at i 30 (40°
 * in a second at 48 km/h, a harsh turn); overspeed alarm on i 40-44 (once), fatigue on i 50-52
 * (once). Night driving: the 50 s from 22:00:00. Score: 2 + 2 + 2 + 3 + 5 points and 50/3600 of a
 * night hour, counted over 100 km (the drive is shorter): 100 - 14.01 = 86.0, grade B.
 */
function drive(terminalPhone: string): Position[] {
  let lat = 31.2;
  return Array.from({ length: 61 }, (_, i) => {
    const speed = i < 5 ? 50 : i < 20 ? 62 : 48;
    lat += speed / 3.6 / 111_195;
    const alarmFlags = (i >= 40 && i <= 44 ? OVERSPEED : 0) | (i >= 50 && i <= 52 ? FATIGUE : 0);
    const t = cst(`${DAY}T21:59:50`) + i;
    return position(terminalPhone, t, lat, 121.4, speed, { directionDeg: i < 30 ? 90 : 130, alarmFlags, receivedAtMs: t * 1000 + 300 });
  });
}

describe.each<Engine>(['sqlite', 'mysql'])('driving behaviour and driver rating on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const get = async (path: string, auth = token) => (await test.http().get(path).set('Authorization', auth).expect(200)).body;

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('551', '13900000551', ['55']), vehicle('552', '13900000552', ['55']), vehicle('661', '13900000661', ['66'])]);
    await grantRole(test, 'behaviour', ['drivingBehavior:search', 'driverRating:search']);
    token = await test.tokenFor({ ...companyUser('55'), roleIds: ['behaviour'] });
    const card = { status: 1, time: '261120080000', icResult: 0, name: '张三', certificate: 'A1234567890', issuer: '上海', expiry: '20301231' };
    await test.bus.publish(Topics.terminalUplink, [{ key: '13900000551', value: { terminalPhone: '13900000551', msgId: '0x0702', version: '2013', serial: 1, receivedAt: cst(`${DAY}T08:00:01`) * 1000, gatewayId: 'g', body: card } }]);
    await publishPositions(test.bus, [...drive('13900000551'), ...drive('13900000552')]);
    await waitFor(async () => (await storedCount(test, '13900000551')) === 61 && (await storedCount(test, '13900000552')) === 61, 20_000, 'the drives');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('counts harsh acceleration, braking and turning, overspeed, fatigue and night driving, and scores them', async () => {
    const report = (await get(`/gps/report/driving-behavior?startTime=${DAY}&endTime=${DAY}&vehicleIds=551`)).data;
    expect(report.records[0]).toMatchObject({
      plateCode: '京A00551',
      drivingS: 60,
      harshAccelCount: 1,
      harshBrakeCount: 1,
      harshTurnCount: 1,
      overspeedCount: 1,
      fatigueCount: 1,
      nightDrivingS: 50,
      score: 86,
      grade: 'B',
    });
  });

  it('rates the driver whose card was in the vehicle that day; the day without a card is counted apart', async () => {
    await waitFor(async () => (await get(`/gps/report/driver-rating?startTime=${DAY}&endTime=${DAY}`)).data.total === 1, 10_000, 'the card');
    const rating = (await get(`/gps/report/driver-rating?startTime=${DAY}&endTime=${DAY}`)).data;
    expect(rating.records).toEqual([expect.objectContaining({ name: '张三', licence: 'A1234567890', plates: ['京A00551'], days: 1, harshAccelCount: 1, score: 86, grade: 'B' })]);
    expect(rating.summary).toMatchObject({ drivers: 1, unidentifiedDays: 1 });
    // The overspeed alarm of i 40-44 (5 s) ranks the driver on the overSpeed screen.
    await grantRole(test, 'speed', ['overSpeed:search']);
    const speed = await test.tokenFor({ ...companyUser('55'), roleIds: ['speed'] });
    expect((await get(`/gps/report/overspeed-drivers?startTime=${DAY}&endTime=${DAY}`, speed)).data).toEqual({
      byCount: [{ name: '张三', licence: 'A1234567890', count: 1, durationS: 5 }],
      byDuration: [{ name: '张三', licence: 'A1234567890', count: 1, durationS: 5 }],
    });
  });

  it('keeps to the scope and the action codes', async () => {
    const other = await test.tokenFor({ ...companyUser('66'), roleIds: ['behaviour'] });
    expect((await get(`/gps/report/driving-behavior?startTime=${DAY}&endTime=${DAY}`, other)).data.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['661']);
    expect((await get(`/gps/report/driver-rating?startTime=${DAY}&endTime=${DAY}`, other)).data.total).toBe(0);
    const none = await test.tokenFor({ ...companyUser('55'), roleIds: [] });
    expect(await get(`/gps/report/driving-behavior?startTime=${DAY}&endTime=${DAY}`, none)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get(`/gps/report/driving-behavior?startTime=2026-10-01&endTime=${DAY}`)).toMatchObject({ flag: false, errorCode: 300 });
  });
});
