// Each tracking endpoint admits the roles of every screen that calls it: a role holding only the
// single-vehicle screen sees its vehicle's position and fuel, and nothing a screen it lacks needs.
import { companyUser, grantRole, publishPositions, position, register, startTracking, storedCount, vehicle, waitFor, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

describe('tracking endpoints by screen permission', () => {
  let test: TrackingTestApp;
  const t0 = Math.floor(Date.now() / 1000) - 120;
  const window = () => {
    const cst = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    return `startTime=${encodeURIComponent(cst(t0 - 60))}&endTime=${encodeURIComponent(cst(t0 + 60))}`;
  };
  const call = async (roleCodes: string[], path: string) => {
    const roleId = `role-${roleCodes.join('-') || 'none'}`;
    await grantRole(test, roleId, roleCodes);
    const token = await test.tokenFor({ ...companyUser('50'), roleIds: [roleId] });
    return (await test.http().get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number };
  };

  beforeAll(async () => {
    test = await startTracking('sqlite');
    await register(test, [vehicle('501', '13900000501', ['50'])]);
    await publishPositions(test.bus, [position('013900000501', t0, 39.9, 116.4, 30, { fuelDl: 400, hasFuel: true })]);
    await waitFor(async () => (await storedCount(test, '13900000501')) === 1, 10_000, 'stored');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('a role with only singleCar reads latest positions and the fuel of a day, not the history track', async () => {
    expect(await call(['singleCar'], '/gps/position/findLatestPositions?vehicleIds=501')).toMatchObject({ flag: true });
    expect(await call(['singleCar'], `/gps/vtrack/findDailyMileage?vehicleId=501&isCompress=0&${window()}`)).toMatchObject({ flag: true });
    expect(await call(['singleCar'], `/gps/vtrack/findHistoryTrack?vehicleId=501&${window()}`)).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('history playback reads latest positions with historyTrack, and a role with no screen reads nothing', async () => {
    expect(await call(['historyTrack', 'historyTrack:search'], '/gps/position/findLatestPositions')).toMatchObject({ flag: true });
    expect(await call(['home'], '/gps/position/findLatestPositions')).toMatchObject({ flag: false, errorCode: 403 });
    expect(await call(['home'], `/gps/vtrack/findDailyMileage?vehicleId=501&isCompress=0&${window()}`)).toMatchObject({ flag: false, errorCode: 403 });
  });
});
