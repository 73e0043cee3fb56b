// The reminders push across services (issue 29): the vehicle-service's sweep publishes new
// reminders, the api live hub forwards them as the typed `reminders` event over the console's one
// socket, only to users of the vehicle's company whose role is among the company's receiving roles
// (every role when none are set). A user of another company and a role not among the receivers get nothing.
import { chinaDate, HubEvent, type ReminderEvent } from '@openfleet/contracts';
import { io, type Socket } from 'socket.io-client';
import type { RunningPlatform } from '../src';
import { ReminderSweep } from '@openfleet/vehicle-service';
import { login, loginAdmin, sleep, waitFor, type ApiClient } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const CODES = ['reminderList', 'reminderList:search', 'reminderList:modify', 'insuranceManage', 'insuranceManage:search', 'insuranceManage:add'];
const day = (offset: number) => chinaDate(Date.now() + offset * 86_400_000);

describe('reminders pushed over the live hub', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.app.close();
  });

  async function company(name: string) {
    const companyId = await admin.create('/basic/company', { name });
    const vehicleId = await admin.create('/basic/vehicle', { plateCode: `京R${name.length}${companyId.slice(-4)}`, plateColor: 2, vehicleType: 1, companyId });
    const role = async (tag: string) => admin.create('/basic/role', { name: `${name}-${tag}`, companyId, roleType: 3, actionCodes: CODES });
    return { companyId, vehicleId, role };
  }

  async function user(account: string, companyId: string, roleId: string): Promise<{ events: ReminderEvent[] }> {
    await admin.create('/basic/user', { account, name: `Reminder ${account.replace(/[^a-z]/g, '')}`, password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
    const client = await login(platform, account, 'Operator123');
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    const socket = io(url, { path: '/socket.io', auth: { token: client.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const events: ReminderEvent[] = [];
    socket.on(HubEvent.reminders, (event: ReminderEvent) => events.push(event));
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    return { events };
  }

  it('reaches the receiving roles of the vehicle company only', async () => {
    const alpha = await company('AlphaHaulage');
    const beta = await company('BetaHaulage');
    const receivers = await alpha.role('receivers');
    const bystanders = await alpha.role('bystanders');
    const betaRole = await beta.role('all');
    const policy = (vehicleId: string) => ({ vehicleId, policyNo: `PUSH-${vehicleId}`, insuranceType: 1, insurer: '人保', premium: 900, insuredAmount: 100000, startDate: day(-300), endDate: day(7) });
    // The vehicle-service learns the vehicles from the registry topic.
    for (const vehicleId of [alpha.vehicleId, beta.vehicleId]) {
      await waitFor(`vehicle ${vehicleId} known to the vehicle-service`, async () => (await admin.post('/vehicleService/insurance', policy(vehicleId))).body.flag || undefined);
    }
    expect((await admin.put('/vehicleService/reminders/settings', { companyId: alpha.companyId, roleIds: [receivers] })).body.flag).toBe(true);
    const receiver = await user('remind_a1', alpha.companyId, receivers);
    const bystander = await user('remind_a2', alpha.companyId, bystanders);
    const betaUser = await user('remind_b1', beta.companyId, betaRole);

    const outcome = await platform.app.get(ReminderSweep, { strict: false }).sweep();
    expect(outcome.created.map((r) => [r.vehicleId, r.threshold]).sort()).toEqual([[alpha.vehicleId, 'days:7'], [beta.vehicleId, 'days:7']].sort());

    await waitFor('the receiver gets its reminder', () => (receiver.events.length ? true : undefined));
    await waitFor('the other company gets its own', () => (betaUser.events.length ? true : undefined));
    await sleep(500);
    expect(receiver.events.map((e) => [e.vehicleId, e.roleIds, e.reminders.map((r) => r.threshold)])).toEqual([[alpha.vehicleId, [receivers], ['days:7']]]);
    expect(betaUser.events.map((e) => e.vehicleId)).toEqual([beta.vehicleId]);
    expect(bystander.events).toEqual([]);
    // The header badge counts follow for a user of the scope.
    const counts = (await (await login(platform, 'remind_a2', 'Operator123')).get('/vehicleService/reminders/counts').expect(200)).body.data;
    expect(counts).toEqual({ messages: 1, insurance: 1, inspection: 0, maintenance: 0 });
  });
});
