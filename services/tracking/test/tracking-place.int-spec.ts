// Place names where an operator reads a position, on SQLite and MariaDB: the info panel's latest
// position, the history playback's stops and trips, and the track export name the province, city
// and district (computed per answer from the bundled boundaries, nothing stored).
import { placeIndexReady, placeIndexState } from '@openfleet/geo';
import ExcelJS from 'exceljs';
import { ExportTaskRunner } from '../src/export-task/export-task.runner';
import { binary, companyUser, grantRole, position, publishPositions, register, startTracking, storedCount, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(120_000);

const cst = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const DAY = '2026-11-20';
const PHONE = '13900000901';
const HAIZHU = '广东省广州市海珠区';
const TIANHE = '广东省广州市天河区';

describe.each<Engine>(['sqlite', 'mysql'])('tracking place names on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const t0 = cst(`${DAY}T08:00:00`);
  const get = async (path: string) => (await test.http().get(path).set('Authorization', token).expect(200)).body;

  beforeAll(async () => {
    test = await startTracking(engine, { extraEnv: { TRACKING_EXPORT_POLL_MS: '3600000' } });
    // The module starts loading the place index (in a worker) at init; answers name places once it is ready.
    expect(placeIndexState()).not.toBe('idle');
    await placeIndexReady();
    await register(test, [vehicle('901', PHONE, ['90'])]);
    await grantRole(test, 'place-viewer', ['multiCar', 'historyTrack:search', 'historyTrack:export']);
    token = await test.tokenFor({ ...companyUser('90'), roleIds: ['place-viewer'] });
    // From Canton Tower east through Haizhu, a 10-minute stop (ACC off), then north across the
    // Pearl River into Tianhe (Zhujiang New Town).
    await publishPositions(test.bus, [
      ...Array.from({ length: 10 }, (_, i) => position(PHONE, t0 + i * 30, 23.1064, 113.3245 + i * 0.001, 40)),
      ...Array.from({ length: 11 }, (_, i) => position(PHONE, t0 + 300 + i * 60, 23.1064, 113.3345, 0, { statusFlags: 2 })),
      ...Array.from({ length: 10 }, (_, i) => position(PHONE, t0 + 960 + i * 30, 23.1064 + i * 0.002, 113.3345, 40)),
    ]);
    await waitFor(async () => (await storedCount(test, PHONE)) === 31, 20_000, 'the track');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('names the place of the latest position (info panel)', async () => {
    const body = await get(`/gps/position/findLatestPositions?vehicleIds=901`);
    expect(body.data).toEqual([expect.objectContaining({ vehicleId: '901', latitude: 23.1244, longitude: 113.3345, place: TIANHE })]);
    // The whole-scope answer (tree, map, up to 100,000 vehicles) leaves it out.
    const scope = await get(`/gps/position/findLatestPositions`);
    expect(scope.data).toEqual([expect.objectContaining({ vehicleId: '901', latitude: 23.1244 })]);
    expect(scope.data[0].place).toBeUndefined();
  });

  it('names the places of history stops and of trip starts and ends', async () => {
    const body = await get(`/gps/vtrack/findHistoryTrack?vehicleId=901&startTime=${(t0 - 1) * 1000}&endTime=${(t0 + 2000) * 1000}&mode=trip`);
    expect(body.data.stops).toEqual([expect.objectContaining({ durationS: 660, place: HAIZHU })]);
    expect(body.data.trips.map((trip: { start: { place: string }; end: { place: string } }) => [trip.start.place, trip.end.place])).toEqual([
      [HAIZHU, HAIZHU],
      [HAIZHU, TIANHE],
    ]);
  });

  it('exports the place of every track point', async () => {
    const created = await test.http().post('/gps/export-task').set('Authorization', token).send({ kind: 'track', params: { vehicleIds: '901', startTime: `${DAY} 00:00:00`, endTime: `${DAY} 23:59:59` } }).expect(200);
    await test.app.get(ExportTaskRunner).drain();
    const file = await test.http().get(`/gps/export-task/${created.body.data.id}/file`).set('Authorization', token).buffer(true).parse(binary);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body);
    const sheet = book.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    const placeColumn = header.indexOf('地点');
    expect(placeColumn).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(placeColumn).value).toBe(HAIZHU);
    expect(sheet.getRow(sheet.rowCount).getCell(placeColumn).value).toBe(TIANHE);
  });
});
