// Collision rescue on the path a deployment takes: a provisioned 2013 terminal reports the collision
// bit over TCP, the alarm service opens one case (a repeated report opens nothing more), and the
// case's nearby vehicles come from tracking's latest positions through its API with the operator's
// token: an operator sees only its own company's vehicles there, the super administrator all; a
// role without collisionRescue:modify cannot move the case; another company's operator cannot see it.
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const COLLISION = 1 << 29;

describe('collision rescue: a case per collision, nearby vehicles within the operator scope', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let viewerA: ApiClient;
  let dispatcherB: ApiClient;
  const terminals: TestTerminal[] = [];
  const base = Math.floor(Date.now() / 1000) - 120;
  const window = `startTime=${encodeURIComponent(cst((base - 60) * 1000))}&endTime=${encodeURIComponent(cst(Date.now() + 60_000))}`;
  type Case = { id: number; plateCode: string; type: string; status: number };
  type Nearby = { plateCode: string; distanceM: number };
  const cases = async (client: ApiClient) => (await client.get(`/gps/rescue/page?${window}`).expect(200)).body as { flag: boolean; errorCode: number; data: { records: Case[]; total: number } };
  const report = async (terminal: TestTerminal, offsetS: number, latitude: number, alarm = 0) => {
    const serial = terminal.send(0x0200, { ...locationBody(0, new Date((base + offsetS) * 1000)), latitude, longitude: 116.4, alarm, speed: 36 });
    await terminal.expectAck(serial);
  };
  const operator = async (companyId: string, n: number, actionCodes: string[]) => {
    const roleId = await admin.create('/basic/role', { name: `rescue-${n}`, companyId, roleType: 3, actionCodes });
    await admin.create('/basic/user', { account: `rescueop${n}`, name: n === 1 ? 'Rescue Alpha' : 'Rescue Beta', password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
    return login(platform, `rescueop${n}`, 'Operator123');
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    const companyA = await admin.create('/basic/company', { name: 'Rescue Alpha' });
    const companyB = await admin.create('/basic/company', { name: 'Rescue Beta' });
    const vehicles: ProvisionedVehicle[] = [
      await provisionVehicle(admin, companyA, { sim: '13500000001', plate: '京R00001', terminalCode: 'RSC0001', version: '2013' }),
      await provisionVehicle(admin, companyA, { sim: '13500000002', plate: '京R00002', terminalCode: 'RSC0002', version: '2013' }),
      await provisionVehicle(admin, companyB, { sim: '13500000003', plate: '京R00003', terminalCode: 'RSC0003', version: '2013' }),
    ];
    const port = platform.app.get(Gateway808Server).address().port;
    for (const vehicle of vehicles) terminals.push(await connectTerminal(port, vehicle));
    viewerA = await operator(companyA, 1, ['collisionRescue', 'collisionRescue:search']);
    dispatcherB = await operator(companyB, 2, ['collisionRescue', 'collisionRescue:search', 'collisionRescue:modify']);
  });

  afterAll(async () => {
    for (const terminal of terminals) terminal.close();
    await platform?.app.close();
  });

  it('opens one case from the terminal bit and lists the nearest vehicles the operator may see', async () => {
    // Company A's second vehicle ~560 m north, company B's ~110 m north: nearer, but not A's to see.
    await report(terminals[1], 0, 39.905);
    await report(terminals[2], 0, 39.901);
    await report(terminals[0], 0, 39.9);
    await report(terminals[0], 10, 39.9, COLLISION);
    await report(terminals[0], 10, 39.9, COLLISION); // the same report again
    const opened = await waitFor('case opened', async () => ((await cases(admin)).data.total === 1 ? (await cases(admin)).data.records[0] : undefined));
    expect(opened).toMatchObject({ plateCode: '京R00001', type: 'collisionWarning', status: 0 });

    const nearbyOf = async (client: ApiClient) => {
      const body = (await client.get(`/gps/rescue/${opened.id}`).expect(200)).body as { flag: boolean; data: { nearby: Nearby[] | null; steps: unknown[] } };
      expect(body.flag).toBe(true);
      return body.data.nearby?.map((v) => [v.plateCode, Math.round(v.distanceM / 10) * 10]);
    };
    expect(await waitFor('admin nearby', async () => ((await nearbyOf(admin))?.length === 2 ? nearbyOf(admin) : undefined))).toEqual([['京R00003', 110], ['京R00002', 560]]);
    expect(await nearbyOf(viewerA)).toEqual([['京R00002', 560]]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await cases(admin)).data.total).toBe(1);
  });

  it('refuses the move to a role without modify and the case to another company', async () => {
    const [mine] = (await cases(viewerA)).data.records;
    expect((await viewerA.post(`/gps/rescue/${mine.id}/status`, { status: 1 })).body).toMatchObject({ flag: false, errorCode: 403 });
    expect((await cases(dispatcherB)).data.records).toEqual([]);
    expect((await dispatcherB.get(`/gps/rescue/${mine.id}`)).body).toMatchObject({ flag: false, errorCode: 410 });
    expect((await dispatcherB.post(`/gps/rescue/${mine.id}/status`, { status: 1 })).body).toMatchObject({ flag: false, errorCode: 410 });
    expect((await admin.post(`/gps/rescue/${mine.id}/status`, { status: 1, remark: '已联系' }).expect(200)).body).toMatchObject({ flag: true, data: { status: 1 } });
    expect((await cases(viewerA)).data.records[0].status).toBe(1);
  });
});
