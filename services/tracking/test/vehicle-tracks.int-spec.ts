// The vehicleTrack screen's comparison: several vehicles' tracks of one window with their figures,
// on both storage engines; a role with only that screen reads it, another company's vehicle is 8002,
// and the window, vehicle count and action codes are enforced.
import ExcelJS from 'exceljs';
import { binary, companyUser, grantRole, publishPositions, position, register, startTracking, storedCount, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(90_000);

interface Compared {
  vehicleId: string;
  plateCode: string;
  mileageKm: number;
  drivingS: number;
  maxSpeed: number;
  averageSpeed: number;
  stopCount: number;
  pointCount: number;
  startTime: string | null;
  endTime: string | null;
  points: { t: number; lng: number; lat: number; speed: number; direction: number }[];
}

const cst = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');

describe.each<Engine>(['sqlite', 'mysql'])('vehicleTrack comparison on %s', (engine) => {
  let test: TrackingTestApp;
  // Whole minutes, two hours back: inside the retention and a 24 h window.
  const t0 = Math.floor(Date.now() / 60_000) * 60 - 7200;
  const window = (from = t0 - 60, to = t0 + 3600) => `startTime=${encodeURIComponent(cst(from))}&endTime=${encodeURIComponent(cst(to))}`;
  const tokenOf = async (roleCodes: string[], company: string) => {
    const roleId = `vt-${roleCodes.join('-')}`;
    await grantRole(test, roleId, roleCodes);
    return test.tokenFor({ ...companyUser(company), roleIds: [roleId] });
  };
  // The envelope of a GET (errors answer 200 with flag false, as every envelope does).
  const get = async (roleCodes: string[], company: string, path: string) => {
    const token = await tokenOf(roleCodes, company);
    return (await test.http().get(path).set('Authorization', token).expect(200)).body as { flag: boolean; errorCode: number; data: unknown };
  };
  const viewer = ['vehicleTrack', 'vehicleTrack:search'];

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('701', '13900000701', ['70']), vehicle('702', '13900000702', ['70']), vehicle('711', '13900000711', ['71'])]);
    // 701: 10 min east at 60 km/h, 5 min standing (a stop), 5 min east at 72 km/h. 702: 10 min north at 36 km/h.
    const first = Array.from({ length: 21 }, (_, i) => position('013900000701', t0 + i * 30, 39.9, 116.3 + i * 0.0059, 60));
    const stand = Array.from({ length: 10 }, (_, i) => position('013900000701', t0 + 630 + i * 30, 39.9, 116.3 + 20 * 0.0059, 0));
    const second = Array.from({ length: 10 }, (_, i) => position('013900000701', t0 + 930 + i * 30, 39.9, 116.418 + (i + 1) * 0.007, 72));
    const other = Array.from({ length: 21 }, (_, i) => position('013900000702', t0 + i * 30, 39.9 + i * 0.0027, 116.4, 36, { directionDeg: 0 }));
    const foreign = [position('013900000711', t0, 31.2, 121.4, 20)];
    await publishPositions(test.bus, [...first, ...stand, ...second, ...other, ...foreign]);
    await waitFor(async () => (await storedCount(test, '13900000701')) === 41 && (await storedCount(test, '13900000702')) === 21, 20_000, 'stored');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('answers each vehicle with its figures and points to a role holding only vehicleTrack', async () => {
    const body = (await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=701,702&isAllLocations=1&${window()}`)) as { flag: boolean; data: Compared[] };
    expect(body.flag).toBe(true);
    const [a, b] = body.data;
    expect(a).toMatchObject({ vehicleId: '701', plateCode: '京A00701', pointCount: 41, maxSpeed: 72, stopCount: 1, startTime: cst(t0), endTime: cst(t0 + 1200) });
    // Moving: 0..600 s and 930..1200 s (the trip split counts the trips' spans).
    expect(a!.drivingS).toBeGreaterThanOrEqual(800);
    expect(a!.drivingS).toBeLessThanOrEqual(930);
    // 20 x 0.0059° + 10 x 0.007° of longitude at 39.9° N: about 10.0 + 6.0 km.
    expect(a!.mileageKm).toBeGreaterThan(14.5);
    expect(a!.mileageKm).toBeLessThan(17.5);
    expect(a!.points).toHaveLength(41);
    expect(a!.points[0]).toMatchObject({ t: t0, lng: 116.3, lat: 39.9, speed: 60, direction: 90 });
    expect(b).toMatchObject({ vehicleId: '702', pointCount: 21, maxSpeed: 36, averageSpeed: 36, stopCount: 0, drivingS: 600 });
    expect(b!.points[20]).toMatchObject({ t: t0 + 600, direction: 0 });
  });

  it('key points by default: fewer points, the same figures', async () => {
    const body = (await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=702&${window()}`)) as { data: Compared[] };
    expect(body.data[0]!.pointCount).toBe(21);
    expect(body.data[0]!.points.length).toBeLessThan(21);
    expect(body.data[0]!.points.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses another company\'s vehicle like a missing one (8002), even next to an own vehicle', async () => {
    expect(await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=701,711&${window()}`)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get(viewer, '71', `/gps/vtrack/findVehicleTracks?vehicleIds=701&${window()}`)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=999&${window()}`)).toMatchObject({ flag: false, errorCode: 8002 });
  });

  it('enforces the window (24 h: 300), the vehicle count (400) and the action codes (403)', async () => {
    expect(await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=701&${window(t0 - 90_000, t0)}`)).toMatchObject({ flag: false, errorCode: 300 });
    const eleven = Array.from({ length: 11 }, (_, i) => String(701 + i)).join(',');
    expect(await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=${eleven}&${window()}`)).toMatchObject({ flag: false, errorCode: 400 });
    expect(await get(viewer, '70', `/gps/vtrack/findVehicleTracks?vehicleIds=701&startTime=tomorrow&endTime=x`)).toMatchObject({ flag: false, errorCode: 400 });
    expect(await get(['historyTrack', 'historyTrack:search'], '70', `/gps/vtrack/findVehicleTracks?vehicleIds=701&${window()}`)).toMatchObject({ flag: false, errorCode: 403 });
    expect(await get(viewer, '70', `/gps/vtrack/vehicleTracks/export?vehicleIds=701&${window()}`)).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('reads the vehicle tree\'s latest positions with vehicleTrack and exports the summary with vehicleTrack:export', async () => {
    const latest = (await get(viewer, '70', '/gps/position/findLatestPositions')) as { flag: boolean; data: { vehicleId: string }[] };
    expect(latest.flag).toBe(true);
    expect(latest.data.map((row) => row.vehicleId).sort()).toEqual(['701', '702']);
    const token = await tokenOf([...viewer, 'vehicleTrack:export'], '70');
    const response = await test.http().get(`/gps/vtrack/vehicleTracks/export?vehicleIds=701,702&${window()}`).set('Authorization', token).buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('车牌号');
    expect(sheet.getRow(2).getCell(1).value).toBe('京A00701');
    expect(sheet.getRow(2).getCell(8).value).toBe(1);
    expect(sheet.getRow(3).getCell(1).value).toBe('京A00702');
    expect(sheet.rowCount).toBe(3);
  });
});
