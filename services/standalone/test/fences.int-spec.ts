// Fences on the path a deployment takes: provisioned vehicles under `strict` registration, 2013 and
// 2019 terminals on real TCP, fences issued through the instruction service and answered by the
// terminals, and the platform evaluating the terminals' positions into entry and exit events.
import type { EventBus } from '@openfleet/bus';
import { FenceAttribute, Topics, type FenceEvent } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import { EVENT_BUS } from '@openfleet/service-kit';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const DEPOT = [[116.3, 39.9], [116.4, 39.9], [116.4, 40.0], [116.3, 40.0]];

describe('fences: issue to 2013 and 2019 terminals, platform evaluation, scope', () => {
  let platform: RunningPlatform;
  let dataDir: string;
  let admin: ApiClient;
  let companyId: string;
  let otherCompanyId: string;
  let v2013: ProvisionedVehicle;
  let v2019: ProvisionedVehicle;
  let t2013: TestTerminal;
  let t2019: TestTerminal;
  let polygonId: string;
  const events: FenceEvent[] = [];

  const issues = async (fenceId: string) => (await admin.get(`/gps/fence/${fenceId}/issues`).expect(200)).body.data as { vehicleId: string; state: string; stale: boolean; errorCode: number }[];
  const stateOf = (fenceId: string, vehicleId: string, state: string) =>
    waitFor(`${vehicleId} ${state}`, async () => (await issues(fenceId)).find((row) => row.vehicleId === vehicleId && row.state === state));
  // Report times are fixed offsets from one base, so durations do not depend on how long the test takes.
  const base = Math.floor(Date.now() / 1000) - 120;
  const report = async (terminal: TestTerminal, offsetS: number, lng: number, lat: number) => {
    const time = new Date((base + offsetS) * 1000);
    const serial = terminal.send(0x0200, { ...locationBody(0, time), longitude: lng, latitude: lat, speed: 30 });
    await terminal.expectAck(serial);
  };
  const follow = async () => {
    await platform.app.get<EventBus>(EVENT_BUS).subscribe(Topics.fenceEvent, { group: `probe-${Date.now()}`, fromBeginning: false, handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openfleet-fences-'));
    platform = await startTestPlatform('strict', dataDir);
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Fenced Logistics' });
    otherCompanyId = await admin.create('/basic/company', { name: 'Unfenced Logistics' });
    v2013 = await provisionVehicle(admin, companyId, { sim: '13600000001', plate: '京F60001', terminalCode: 'FEN0001', version: '2013' });
    v2019 = await provisionVehicle(admin, companyId, { sim: '13600000002', plate: '京F60002', terminalCode: 'FEN0002', version: '2019' });
    const port = platform.app.get(Gateway808Server).address().port;
    t2013 = await connectTerminal(port, v2013);
    t2019 = await connectTerminal(port, v2019);
    await waitFor('terminals online', async () => {
      const rows = (await admin.get('/gps/position/findLatestPositions').expect(200)).body.data as { vehicleId: string; vehicleStatus: number }[];
      return [v2013, v2019].every((v) => rows.some((row) => String(row.vehicleId) === v.vehicleId && row.vehicleStatus === 1)) || undefined;
    });
    await sleep(300);
    await follow();
  });

  afterAll(async () => {
    t2013?.close();
    t2019?.close();
    await platform?.app.close();
  });

  it('refuses fences that break the §5 rules', async () => {
    const circle = (radiusM: number, attributes: number) => ({ name: 'bad', type: 1, geometry: { type: 'circle', center: [116.35, 39.95], radiusM }, attributes });
    expect((await admin.post('/gps/fence', circle(0, 8)).expect(200)).body).toMatchObject({ flag: false, errorCode: 400, data: ['radius'] });
    expect((await admin.post('/gps/fence', { ...circle(100, 2), maxSpeedKmh: 256, overspeedDurationS: 0 })).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await admin.post('/gps/fence', { ...circle(100, 2), maxSpeedKmh: 60, overspeedDurationS: 0 }).expect(200)).body).toMatchObject({ flag: false, data: ['duration'] });
    expect((await admin.post('/gps/fence', { name: 'tri', type: 3, geometry: { type: 'polygon', points: [[116, 39], [117, 39]] }, attributes: 8 }).expect(200)).body.data).toEqual(['geometry']);
  });

  it('issues a polygon to a 2013 terminal in the layout of 0x8604, tracks its state, marks it stale on change and deletes it', async () => {
    polygonId = await admin.create('/gps/fence', { name: '北京场站', type: 3, geometry: { type: 'polygon', points: DEPOT }, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM | FenceAttribute.EXIT_ALARM_PLATFORM, companyId });
    expect((await admin.post('/gps/fence', { name: '北京场站', type: 3, geometry: { type: 'polygon', points: DEPOT }, attributes: 8, companyId }).expect(200)).body.errorCode).toBe(7006);
    expect((await admin.post(`/gps/fence/${polygonId}/bind`, { vehicleIds: [v2013.vehicleId] }).expect(200)).body.flag).toBe(true);
    expect(await issues(polygonId)).toEqual([expect.objectContaining({ vehicleId: v2013.vehicleId, state: 'bound' })]);
    await admin.post(`/gps/fence/${polygonId}/issue`, {}).expect(200);
    const set = await t2013.expect((m) => m.msgId === 0x8604);
    expect(set.body).toMatchObject({ id: Number(polygonId), attributes: 0b101000, vertices: DEPOT.map(([longitude, latitude]) => ({ latitude, longitude })) });
    t2013.send(0x0001, { replySerial: set.serial, replyId: 0x8604, result: 0 });
    await stateOf(polygonId, v2013.vehicleId, 'issued');

    await admin.put(`/gps/fence/${polygonId}`, { name: '北京场站', type: 3, geometry: { type: 'polygon', points: DEPOT }, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM, companyId }).expect(200);
    expect((await issues(polygonId))[0]).toMatchObject({ state: 'issued', stale: true });
    expect((await admin.del(`/gps/fence/${polygonId}`).expect(200)).body.errorCode).toBe(7002);

    await admin.post(`/gps/fence/${polygonId}/revoke`, {}).expect(200);
    const removal = await t2013.expect((m) => m.msgId === 0x8605);
    expect(removal.body).toEqual({ ids: [Number(polygonId)] });
    t2013.send(0x0001, { replySerial: removal.serial, replyId: 0x8605, result: 0 });
    await stateOf(polygonId, v2013.vehicleId, 'deleted');
  });

  it('issues a named circle to a 2019 terminal (0x8600 with night speed and name) and asks it with 0x8608', async () => {
    const circleId = await admin.create('/gps/fence', { name: '油库', type: 1, geometry: { type: 'circle', center: [116.5, 39.8], radiusM: 300 }, attributes: FenceAttribute.SPEED_LIMIT | FenceAttribute.ENTRY_ALARM_PLATFORM, maxSpeedKmh: 20, overspeedDurationS: 5, nightMaxSpeedKmh: 15, companyId });
    await admin.post(`/gps/fence/${circleId}/issue`, { vehicleIds: [v2019.vehicleId] }).expect(200);
    const set = await t2019.expect((m) => m.msgId === 0x8600);
    expect(set.body).toEqual({ setType: 1, areas: [{ id: Number(circleId), attributes: 0b1010, latitude: 39.8, longitude: 116.5, radiusM: 300, maxSpeedKmh: 20, overspeedDurationS: 5, nightMaxSpeedKmh: 15, name: '油库' }] });
    t2019.send(0x0001, { replySerial: set.serial, replyId: 0x8600, result: 0 });
    await stateOf(circleId, v2019.vehicleId, 'issued');

    const { requestId } = (await admin.post('/gps/fence/queryTerminal', { vehicleId: v2019.vehicleId, type: 1 }).expect(200)).body.data;
    const query = await t2019.expect((m) => m.msgId === 0x8608);
    expect(query.body).toEqual({ type: 1, ids: [] });
    t2019.send(0x0608, { type: 1, count: 1, data: '' });
    const answered = await waitFor('0x0608 on the order', async () => {
      const page = (await admin.get(`/gps/sendOrder/page?batchId=${requestId}`).expect(200)).body.data.records as { status: number; replyMsgId: string }[];
      return page[0]?.status === 1 ? page[0] : undefined;
    });
    expect(answered.replyMsgId).toBe('0x0608');
    // The 2013 terminal has no 0x8608: the instruction service refuses it by edition.
    const refused = (await admin.post('/gps/fence/queryTerminal', { vehicleId: v2013.vehicleId, type: 1 }).expect(200)).body.data.requestId;
    await waitFor('7109 on the order', async () => {
      const page = (await admin.get(`/gps/sendOrder/page?batchId=${refused}`).expect(200)).body.data.records as { errorCode: number }[];
      return page[0]?.errorCode === 7109 || undefined;
    });
  });

  it('issues a rectangle (0x8602) and a route with its segments (0x8606) to the 2013 terminal', async () => {
    const rectId = await admin.create('/gps/fence', { name: '矩形区', type: 2, geometry: { type: 'rectangle', northWest: [116.3, 40.0], southEast: [116.4, 39.9] }, attributes: FenceAttribute.BY_TIME | FenceAttribute.EXIT_ALARM_PLATFORM, startTime: '22:00:00', endTime: '06:00:00', companyId });
    await admin.post(`/gps/fence/${rectId}/issue`, { vehicleIds: [v2013.vehicleId] }).expect(200);
    const rect = await t2013.expect((m) => m.msgId === 0x8602);
    expect(rect.body).toEqual({ setType: 1, areas: [{ id: Number(rectId), attributes: 0b100001, topLeftLatitude: 40, topLeftLongitude: 116.3, bottomRightLatitude: 39.9, bottomRightLongitude: 116.4, startTime: '000000220000', endTime: '000000060000' }] });
    t2013.send(0x0001, { replySerial: rect.serial, replyId: 0x8602, result: 0 });
    await stateOf(rectId, v2013.vehicleId, 'issued');

    const routeId = await admin.create('/gps/fence', {
      name: '1路',
      type: 4,
      geometry: { type: 'route', points: [[116.3, 39.9], [116.31, 39.9], [116.32, 39.91]], segments: [{ widthM: 40, longThresholdS: 300, shortThresholdS: 30, maxSpeedKmh: 0 }, { widthM: 60, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 50 }] },
      attributes: FenceAttribute.EXIT_ALARM_PLATFORM,
      overspeedDurationS: 8,
      companyId,
    });
    await admin.post(`/gps/fence/${routeId}/issue`, { vehicleIds: [v2013.vehicleId] }).expect(200);
    const route = await t2013.expect((m) => m.msgId === 0x8606);
    const points = (route.body as { points: Record<string, number>[] }).points;
    expect(route.body).toMatchObject({ id: Number(routeId), attributes: FenceAttribute.EXIT_ALARM_PLATFORM });
    expect(points).toEqual([
      { pointId: 1, sectionId: 1, latitude: 39.9, longitude: 116.3, widthM: 40, attributes: 1, longThresholdS: 300, shortThresholdS: 30 },
      { pointId: 2, sectionId: 2, latitude: 39.9, longitude: 116.31, widthM: 60, attributes: 2, maxSpeedKmh: 50, overspeedDurationS: 8 },
      { pointId: 3, sectionId: 2, latitude: 39.91, longitude: 116.32, widthM: 60, attributes: 2, maxSpeedKmh: 50, overspeedDurationS: 8 },
    ]);
    // A failed terminal: the state says why.
    t2013.send(0x0001, { replySerial: route.serial, replyId: 0x8606, result: 3 });
    expect(await stateOf(routeId, v2013.vehicleId, 'failed')).toMatchObject({ errorCode: 7105 });
  });

  it('a fleet binding reaches a vehicle added to the fleet later; a blind-area backfill is marked as such', async () => {
    const fleetId = await admin.create('/basic/fleet', { name: 'Fenced-1', companyId });
    const fenceId = await admin.create('/gps/fence', { name: '车队区', type: 1, geometry: { type: 'circle', center: [116.6, 39.7], radiusM: 1000 }, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM, companyId });
    await admin.post(`/gps/fence/${fenceId}/bind`, { fleetIds: [fleetId] }).expect(200);
    // Moved into the fleet after the binding.
    const moved = await admin.put(`/basic/vehicle/${v2019.vehicleId}`, { plateCode: v2019.plate, plateColor: 2, vehicleType: 1, companyId: Number(companyId), fleetId: Number(fleetId) }).expect(200);
    expect(moved.body.flag).toBe(true);
    await waitFor('the vehicle in the fleet', async () => ((await issues(fenceId)).some((row) => row.vehicleId === v2019.vehicleId) ? true : undefined));
    // Backfill after a coverage loss (0x0704 type 1): older reports, entry inside them.
    const old = (secondsAgo: number, lng: number, lat: number) => ({ ...locationBody(0, new Date(Math.floor(Date.now() / 1000 - secondsAgo) * 1000)), longitude: lng, latitude: lat });
    const serial = t2019.send(0x0704, { type: 1, items: [old(300, 116.55, 39.75), old(290, 116.6, 39.7)] });
    await t2019.expectAck(serial);
    const entered = await waitFor('backfilled entry', () => events.find((e) => e.fenceId === fenceId && e.kind === 'enter'));
    expect(entered).toMatchObject({ vehicleId: v2019.vehicleId, blindArea: true });
  });

  it('evaluates positions into entry and exit events, and keeps the state across a restart', async () => {
    const fenceId = await admin.create('/gps/fence', { name: '禁入区', type: 3, geometry: { type: 'polygon', points: DEPOT }, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM, companyId });
    // A fleet-less vehicle bound directly; the 2019 one is not bound and never raises anything.
    await admin.post(`/gps/fence/${fenceId}/bind`, { vehicleIds: [v2013.vehicleId] }).expect(200);
    await report(t2013, 10, 116.2, 39.95);
    await report(t2013, 20, 116.35, 39.95);
    await report(t2019, 20, 116.35, 39.95);
    const entered = await waitFor('entry', () => events.find((e) => e.fenceId === fenceId && e.kind === 'enter'));
    expect(entered).toMatchObject({ vehicleId: v2013.vehicleId, terminalPhone: v2013.sim, fenceName: '禁入区', blindArea: false });
    expect(events.filter((e) => e.vehicleId === v2019.vehicleId && e.fenceId === fenceId)).toEqual([]);

    // Restart: the vehicle is still inside, so the next outside position is an exit, not a new entry.
    t2013.close();
    t2019.close();
    await platform.app.close();
    platform = await startTestPlatform('strict', dataDir);
    admin = await loginAdmin(platform);
    events.length = 0;
    await follow();
    t2013 = await connectTerminal(platform.app.get(Gateway808Server).address().port, v2013);
    await report(t2013, 35, 116.45, 39.95);
    const exit = await waitFor('exit after restart', () => events.find((e) => e.fenceId === fenceId && e.kind === 'exit'));
    expect(exit.detail).toMatchObject({ stayedS: 15 });
    // Kept for history playback: the entry and the exit, in time order.
    const cst = (s: number) => new Date((base + s) * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const history = await waitFor('stored events', async () => {
      const rows = (await admin.get(`/gps/fence/events?vehicleId=${v2013.vehicleId}&startTime=${encodeURIComponent(cst(0))}&endTime=${encodeURIComponent(cst(60))}`).expect(200)).body.data as { kind: string; fenceName: string }[];
      return rows.filter((row) => row.fenceName === '禁入区').length === 2 ? rows : undefined;
    });
    expect(history.filter((row) => row.fenceName === '禁入区').map((row) => row.kind)).toEqual(['enter', 'exit']);
    expect(events.filter((e) => e.fenceId === fenceId && e.kind === 'enter')).toEqual([]);
    t2019 = await connectTerminal(platform.app.get(Gateway808Server).address().port, v2019);
  });

  it('keeps another company away from the fences', async () => {
    const roleId = await admin.create('/basic/role', { name: 'fencer', companyId: otherCompanyId, roleType: 3, actionCodes: ['fenceManage', 'fenceManage:search', 'fenceManage:add', 'fenceSend', 'fenceSend:search', 'fenceSend:send'] });
    await admin.create('/basic/user', { account: 'otherfencer', name: 'Other Fencer', password: 'Fencer1234', userType: 1, companyId: otherCompanyId, roleIds: [Number(roleId)] });
    const other = await login(platform, 'otherfencer', 'Fencer1234');
    expect((await other.get('/gps/fence').expect(200)).body.data.total).toBe(0);
    expect((await other.get(`/gps/fence/${polygonId}`).expect(200)).body.errorCode).toBe(7008);
    expect((await other.post(`/gps/fence/${polygonId}/bind`, { vehicleIds: [v2013.vehicleId] }).expect(200)).body.errorCode).toBe(7008);
    const own = await other.create('/gps/fence', { name: '他司围栏', type: 1, geometry: { type: 'circle', center: [121.4, 31.2], radiusM: 100 }, attributes: 8 });
    expect((await other.post(`/gps/fence/${own}/bind`, { vehicleIds: [v2013.vehicleId] }).expect(200)).body.errorCode).toBe(8002);
    expect((await admin.get('/gps/fence?size=100').expect(200)).body.data.records.map((f: { name: string }) => f.name)).toContain('他司围栏');
  });
});
