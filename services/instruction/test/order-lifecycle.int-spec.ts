// Order transitions on real storage (SQLite and MariaDB): delivery, results (redelivered too), the
// offline queue, the sweeps, batch ids, scope, and media ingest — the module alone on an in-process bus.
import type { Subscription } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult, type DownlinkCommand } from '@openfleet/contracts';
import { PermissionCache } from '@openfleet/auth';
import { MediaIngestService } from '../src/media/media-ingest.service';
import { OrderDispatcher } from '../src/order/order-dispatcher';
import { companyUser, register, setOnline, startInstruction, superAdmin, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';

jest.setTimeout(60_000);

describe.each<Engine>(['sqlite', 'mysql'])('instruction orders on %s', (engine) => {
  let test: InstructionTestApp;
  let token: string;
  const downlinks: DownlinkCommand[] = [];
  let recorder: Subscription;
  const send = (body: object, auth = token) => test.http().post('/gps/sendOrder/send').set('Authorization', auth).send(body).expect(200);
  const order = async (id: string) => (await test.http().get(`/gps/sendOrder/${id}`).set('Authorization', token).expect(200)).body.data;
  const result = (commandId: string, status: CommandResult['status'], extra: Partial<CommandResult> = {}): CommandResult => ({ commandId, terminalPhone: '13900000001', status, at: Date.now(), ...extra });
  const publishResults = (results: CommandResult[]) => test.bus.publish(Topics.commandResult, results.map((value) => ({ key: value.terminalPhone, value })));

  beforeAll(async () => {
    test = await startInstruction(engine);
    token = await test.tokenFor(superAdmin);
    recorder = await test.bus.subscribe(Topics.downlinkCommand, { group: 'recorder', handle: async (messages) => void downlinks.push(...messages.map((m) => m.value)) });
    await register(test, [vehicleEntry('1', '13900000001', ['10']), vehicleEntry('2', '13900000002', ['10']), vehicleEntry('3', '13900000003', ['20'])]);
  });

  afterAll(async () => {
    await recorder?.close();
    await test?.close();
  });

  it('delivers to an online terminal, settles on the result once, and ignores a redelivered one', async () => {
    await setOnline(test, ['13900000001'], true);
    const sent = (await send({ commandType: 'rollcall', vehicleIds: ['1'] })).body.data[0];
    expect(sent.status).toBe(InstructionStatus.ISSUED_AWAITING_RESPONSE);
    await waitFor(() => downlinks.some((d) => d.commandId === sent.orderId), 5000, 'downlink');
    expect(downlinks.find((d) => d.commandId === sent.orderId)).toMatchObject({ terminalPhone: '13900000001', msgId: '0x8201', timeoutMs: 30_000 });
    const events: string[] = [];
    const probe = await test.bus.subscribe(Topics.instructionOrder, { group: 'probe-1', handle: async (messages) => void events.push(...messages.map((m) => `${m.value.orderId}:${m.value.status}`)) });
    await publishResults([result(sent.orderId, InstructionStatus.SUCCESS, { replyMsgId: '0x0201', replyBody: { location: { latitude: 1 } } })]);
    await waitFor(async () => (await order(sent.orderId)).status === 1, 5000, 'success');
    // The same result again (at-least-once bus), then a contradicting late one: the order stays as it was.
    await publishResults([result(sent.orderId, InstructionStatus.SUCCESS), result(sent.orderId, InstructionStatus.RESPONSE_TIMEOUT)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await order(sent.orderId)).toMatchObject({ status: 1, replyMsgId: '0x0201' });
    expect(events.filter((event) => event === `${sent.orderId}:1`)).toHaveLength(1);
    await probe.close();
  });

  it('queues for an offline terminal, sends once when it connects, and requeues when the gateway finds it gone', async () => {
    await setOnline(test, ['13900000002'], false);
    const queued = (await send({ commandType: 'rollcall', vehicleIds: ['2'], offlinePolicy: 'queue', expireMinutes: 5 })).body.data[0];
    expect(queued.status).toBe(InstructionStatus.WAITING_RESPONSE);
    expect(downlinks.some((d) => d.commandId === queued.orderId)).toBe(false);
    // Two instances racing to flush the same terminal: the guarded claim lets one send.
    const dispatcher = test.app.get(OrderDispatcher);
    const [a, b] = await Promise.all([dispatcher.flushQueued(['13900000002']), dispatcher.flushQueued(['13900000002'])]);
    expect(a + b).toBe(1);
    await waitFor(() => downlinks.some((d) => d.commandId === queued.orderId), 5000, 'flushed downlink');
    // The gateway answers "device offline" (the terminal dropped meanwhile): back to the queue, not failed.
    await publishResults([result(queued.orderId, InstructionStatus.DEVICE_OFFLINE)]);
    await waitFor(async () => (await order(queued.orderId)).status === 5, 5000, 'requeued');
    downlinks.length = 0;
    await setOnline(test, ['13900000002'], true);
    await waitFor(() => downlinks.some((d) => d.commandId === queued.orderId), 5000, 'sent on connect');
    await dispatcher.sweep();
    expect(downlinks.filter((d) => d.commandId === queued.orderId)).toHaveLength(1);
  });

  it('sweeps: an expired queue entry fails with 7205, a lost reply times out with 7117, a stranded order is routed', async () => {
    await setOnline(test, ['13900000003'], false);
    const queued = (await send({ commandType: 'rollcall', vehicleIds: ['3'], offlinePolicy: 'queue', expireMinutes: 1 })).body.data[0];
    await setOnline(test, ['13900000001'], true);
    const lost = (await send({ commandType: 'rollcall', vehicleIds: ['1'], timeoutS: 1 })).body.data[0];
    const dispatcher = test.app.get(OrderDispatcher);
    // Just before the deadlines nothing moves; after them both settle.
    await dispatcher.sweep(Date.now() + 30_000);
    expect((await order(queued.orderId)).status).toBe(5);
    expect((await order(lost.orderId)).status).toBe(7);
    await dispatcher.sweep(Date.now() + 61_000 + 1000);
    expect(await order(queued.orderId)).toMatchObject({ status: 2, errorCode: 7205 });
    expect(await order(lost.orderId)).toMatchObject({ status: 4, errorCode: 7117 });
  });

  it('a batch of 1,200 vehicles gets distinct ids matching its downlinks, and scope filters every list', async () => {
    const fleet = Array.from({ length: 1200 }, (_, i) => vehicleEntry(`b${i}`, `1470000${String(i).padStart(4, '0')}`, ['30', '31']));
    await register(test, fleet);
    await setOnline(test, fleet.map((v) => v.terminalPhone), true);
    downlinks.length = 0;
    const outcomes = (await send({ commandType: 'text', vehicleIds: fleet.map((v) => v.vehicleId), params: { text: '全员注意' } })).body.data as { vehicleId: string; orderId: string; status: number }[];
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(1200);
    await waitFor(() => downlinks.length >= 1200, 10_000, 'batch downlinks');
    const byCommand = new Map(downlinks.map((d) => [d.commandId, d.terminalPhone]));
    for (const outcome of outcomes) expect(byCommand.get(outcome.orderId)).toBe(fleet.find((v) => v.vehicleId === outcome.vehicleId)!.terminalPhone);

    // Dispatchers of company 31 (a child of 30) and of company 20, with the order log's codes only.
    await test.bus.publish(Topics.rolePermissions, [{ key: 'dispatch', value: { roleId: 'dispatch', actionCodes: ['controlInstruction', 'controlInstruction:search', 'controlInstruction:send'], deleted: false, updatedAt: Date.now() } }]);
    const permissions = test.app.get(PermissionCache);
    await waitFor(() => permissions.allows({ ...companyUser('x'), roleIds: ['dispatch'] }, ['controlInstruction:send']), 5000, 'role');
    const company31 = await test.tokenFor({ ...companyUser('31'), roleIds: ['dispatch'] });
    const company20 = await test.tokenFor({ ...companyUser('20'), roleIds: ['dispatch'] });
    const list = async (auth: string) => (await test.http().get('/gps/sendOrder/page?size=5').set('Authorization', auth).expect(200)).body.data;
    expect((await list(company31)).total).toBe(1200);
    const theirs = await list(company20);
    expect(theirs.records.map((row: { vehicleId: string }) => row.vehicleId)).toEqual(['3']);
    expect((await test.http().get('/gps/sendOrder/pendingCount').set('Authorization', company20).expect(200)).body.data.count).toBe(0);
    expect((await test.http().get('/gps/sendOrder/pendingCount').set('Authorization', company31).expect(200)).body.data.count).toBe(1200);
    expect((await send({ commandType: 'rollcall', vehicleIds: ['1'] }, company20)).body.errorCode).toBe(8002);
    expect((await test.http().get(`/gps/sendOrder/${outcomes[0].orderId}`).set('Authorization', company20).expect(200)).body.errorCode).toBe(7112);
    // No export right: refused before any query.
    expect((await test.http().get('/gps/sendOrder/export').set('Authorization', company31).expect(200)).body.errorCode).toBe(403);
  });

  it('stores a redelivered media upload once', async () => {
    const ingest = test.app.get(MediaIngestService);
    const uplink = { terminalPhone: '013900000001', msgId: '0x0801', version: '2013' as const, serial: 9, receivedAt: Date.now(), gatewayId: 'g', body: { mediaId: 77, mediaType: 0, format: 0, event: 0, channel: 1, location: { latitude: 39.9, longitude: 116.4 }, data: 'ffd8ffd9' } };
    const first = await ingest.ingest(uplink);
    const again = await ingest.ingest(uplink);
    expect(again!.id).toBe(first!.id);
    const page = (await test.http().get('/gps/sendOrder/media/page').set('Authorization', token).expect(200)).body.data;
    expect(page.records.filter((m: { mediaId: number }) => m.mediaId === 77)).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ terminalPhone: '13900000001', vehicleId: '1', size: 4 });
  });
});
