// Per-vehicle grants (vgPower, issue 28) on SQLite and MariaDB, every service in this process: a
// company administrator grants a narrower-role user one single vehicle through the API; signed in
// again, that user sees exactly that vehicle in the vehicle list, the latest positions (tracking) and
// the alarm list (alarm), and gets the answer of an unknown vehicle (8002) for another vehicle of the
// same company. More vehicles than a token may carry are refused with 30186.
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import { testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(180_000);

const GRANTOR = ['vgPower', 'vgPower:search', 'vgPower:modify', 'carList:search', 'userManage:search'];
const VIEWER = ['carList', 'carList:search', 'multiCar', 'alarmHandle', 'alarmHandle:search', 'home'];
const EMERGENCY = 1;
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

async function dropSchemas(prefix: string): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', user: 'root', password: '' });
  const [rows] = await connection.query('SHOW DATABASES');
  for (const { Database } of rows as { Database: string }[]) if (Database.startsWith(prefix)) await connection.query(`DROP DATABASE \`${Database}\``);
  await connection.end();
}

describe.each(['sqlite', 'mysql'] as const)('per-vehicle grants on %s', (engine) => {
  const env = testStorageEnv(engine, 'vgrants');
  let platform: RunningPlatform;
  let admin: ApiClient;
  let grantor: ApiClient;
  let viewer: ApiClient;
  let viewerId: string;
  let fleetId: string;
  const vehicles: ProvisionedVehicle[] = [];
  const terminals: TestTerminal[] = [];
  const since = Date.now() - 60_000;
  const window = () => `startTime=${encodeURIComponent(cst(since))}&endTime=${encodeURIComponent(cst(Date.now() + 60_000))}`;
  const alarmPlates = async (client: ApiClient) => ((await client.get(`/gps/alarm/page?size=100&${window()}`).expect(200)).body.data.records as { plateCode: string }[]).map((row) => row.plateCode).sort();
  const listPlates = async (client: ApiClient) => ((await client.get('/basic/vehicle?size=100').expect(200)).body.data.records as { plateCode: string }[]).map((row) => row.plateCode).sort();
  // The home page's summary: tracking's scope overview and the alarm service's 24-hour statistics.
  const homeFigures = async (client: ApiClient) => {
    const overview = (await client.get('/gps/position/findScopeOverview').expect(200)).body.data as { total: number };
    const stats = (await client.get('/gps/alarm/stats?hours=24').expect(200)).body.data as { byType: Record<string, number>; unhandled: number };
    return { vehicles: overview.total, alarms: Object.values(stats.byType).reduce((sum, n) => sum + n, 0), unhandled: stats.unhandled };
  };
  const livePlates = async (client: ApiClient) => ((await client.get('/gps/position/findLatestPositions').expect(200)).body.data as { plateCode: string }[]).map((row) => row.plateCode).sort();

  beforeAll(async () => {
    platform = await startTestPlatform('strict', env.DATA_DIR, env as Record<string, string>);
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Grant Freight' });
    fleetId = await admin.create('/basic/fleet', { name: 'Grant-east', companyId });
    const user = async (account: string, actionCodes: string[]) => {
      const roleId = await admin.create('/basic/role', { name: account, companyId, roleType: 3, actionCodes });
      return admin.create('/basic/user', { account, name: account, password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
    };
    await user('grantboss', GRANTOR);
    viewerId = await user('grantdesk', VIEWER);
    grantor = await login(platform, 'grantboss', 'Operator123');
    const port = platform.app.get(Gateway808Server).address().port;
    for (const n of [1, 2, 3]) {
      const vehicle = await provisionVehicle(admin, companyId, { sim: `1350000076${n}`, plate: `京G7600${n}`, terminalCode: `GRT000${n}`, version: '2013' });
      // Two vehicles in the fleet, the third in the company only.
      if (n < 3) expect((await admin.put(`/basic/vehicle/${vehicle.vehicleId}`, { plateCode: vehicle.plate, plateColor: 2, vehicleType: 1, companyId: Number(companyId), fleetId: Number(fleetId) }).expect(200)).body.flag).toBe(true);
      vehicles.push(vehicle);
      const terminal = await connectTerminal(port, vehicle);
      terminals.push(terminal);
      await terminal.expectAck(terminal.send(0x0200, { ...locationBody(0, new Date(Date.now() - 5_000)), alarm: EMERGENCY }));
    }
    await waitFor('an alarm of every vehicle', async () => ((await alarmPlates(admin)).length === 3 ? true : undefined), 20_000);
    await waitFor('every vehicle in tracking', async () => ((await livePlates(admin)).filter((plate) => plate.startsWith('京G7600')).length === 3 ? true : undefined));
  });

  afterAll(async () => {
    for (const terminal of terminals) terminal.close();
    await platform?.app.close();
    if (engine === 'mysql') await dropSchemas(env.MYSQL_DATABASE_PREFIX!);
  });

  it('before any grant the user sees the whole company', async () => {
    viewer = await login(platform, 'grantdesk', 'Operator123');
    expect(await listPlates(viewer)).toEqual(['京G76001', '京G76002', '京G76003']);
    expect(await homeFigures(viewer)).toEqual({ vehicles: 3, alarms: 3, unhandled: 3 });
  });

  it('a user granted one vehicle sees exactly it in the vehicle list, the live positions and the alarms', async () => {
    const [first, second] = vehicles;
    const granted = (await grantor.put(`/basic/vgPower/${viewerId}`, { fleetIds: [], vehicleIds: [Number(second!.vehicleId)] }).expect(200)).body;
    expect(granted).toMatchObject({ flag: true, data: { wholeCompany: false, fleetIds: [], vehicleIds: [Number(second!.vehicleId)], vehiclePlates: ['京G76002'] } });
    // The old token (whole company) ended with the change.
    expect((await viewer.get('/basic/vehicle').expect(401)).body.flag).toBe(false);
    viewer = await login(platform, 'grantdesk', 'Operator123');

    expect(await listPlates(viewer)).toEqual(['京G76002']);
    expect(await livePlates(viewer)).toEqual(['京G76002']);
    expect(await alarmPlates(viewer)).toEqual(['京G76002']);
    // The home page counts the granted vehicle and its alarm, not the company's other two.
    expect(await homeFigures(viewer)).toEqual({ vehicles: 1, alarms: 1, unhandled: 1 });
    expect((await homeFigures(admin)).alarms).toBeGreaterThanOrEqual(3);
    expect((await viewer.get(`/basic/vehicle/${second!.vehicleId}`).expect(200)).body).toMatchObject({ flag: true, data: { plateCode: '京G76002' } });

    // Another vehicle of the same company (and of the same fleet) answers like an unknown one.
    expect((await viewer.get(`/basic/vehicle/${first!.vehicleId}`).expect(200)).body).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await viewer.get(`/gps/position/findLatestPositions?vehicleIds=${first!.vehicleId}`).expect(200)).body).toMatchObject({ flag: false, errorCode: 8002 });
  });

  it('a granted fleet and a granted vehicle add up', async () => {
    const third = vehicles[2]!;
    expect((await grantor.put(`/basic/vgPower/${viewerId}`, { fleetIds: [Number(fleetId)], vehicleIds: [Number(third.vehicleId)] }).expect(200)).body.flag).toBe(true);
    viewer = await login(platform, 'grantdesk', 'Operator123');
    expect(await listPlates(viewer)).toEqual(['京G76001', '京G76002', '京G76003']);
    expect((await grantor.put(`/basic/vgPower/${viewerId}`, { fleetIds: [], vehicleIds: [Number(third.vehicleId)] }).expect(200)).body.flag).toBe(true);
    viewer = await login(platform, 'grantdesk', 'Operator123');
    expect(await alarmPlates(viewer)).toEqual(['京G76003']);
  });

  it('the grant dialog finds vehicles by plate, marked granted', async () => {
    const found = (await grantor.get(`/basic/vgPower/${viewerId}/vehicles?keyword=${encodeURIComponent('G7600')}`).expect(200)).body.data as { plateCode: string; granted: boolean }[];
    expect(found.map((vehicle) => [vehicle.plateCode, vehicle.granted])).toEqual([
      ['京G76003', true],
      ['京G76001', false],
      ['京G76002', false],
    ]);
  });

  it('refuses more vehicles than a token carries (30186) and a vehicle of another company (209)', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect((await grantor.put(`/basic/vgPower/${viewerId}`, { fleetIds: [], vehicleIds: tooMany }).expect(200)).body).toMatchObject({ flag: false, errorCode: 30186 });
    const otherCompany = await admin.create('/basic/company', { name: 'Grant Rivals' });
    const foreign = await admin.create('/basic/vehicle', { plateCode: '沪G76009', plateColor: 2, vehicleType: 1, companyId: otherCompany });
    expect((await grantor.put(`/basic/vgPower/${viewerId}`, { fleetIds: [], vehicleIds: [Number(foreign)] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 209 });
  });
});
