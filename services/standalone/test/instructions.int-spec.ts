// Instructions on the path a deployment takes: vehicles provisioned through the admin API, `strict`
// registration, a 2013 terminal (12-digit header) and a 2019 one (20-digit header) on real TCP,
// orders sent through /gps/sendOrder and answered by the terminals, results followed over socket.io.
import { Topics, type InstructionOrderEvent } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { EVENT_BUS, SMS_PROVIDER } from '@openfleet/service-kit';
import { InstructionModule } from '@openfleet/instruction';
import { encodeFrames } from '@openfleet/jt808';
import type { EventBus } from '@openfleet/bus';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

type Order = { id: number; status: number; errorCode: number; replyMsgId: string; replyBody: Record<string, unknown> | null; media?: { id: number; url: string; size: number; mediaType: number }[] };

describe('instructions over real TCP, strict registration, 2013 and 2019 terminals', () => {
  let platform: RunningPlatform;
  let dataDir: string;
  let admin: ApiClient;
  let port: number;
  let companyId: string;
  let otherCompanyId: string;
  let v2013: ProvisionedVehicle;
  let v2019: ProvisionedVehicle;
  let offline: ProvisionedVehicle;
  let foreign: ProvisionedVehicle;
  let t2013: TestTerminal;
  let t2019: TestTerminal;
  let socket: Socket;
  const orderEvents: InstructionOrderEvent[] = [];

  const send = (client: ApiClient, body: object) => client.post('/gps/sendOrder/send', body).expect(200);
  const order = async (id: string | number, client = admin): Promise<Order> => (await client.get(`/gps/sendOrder/${id}`).expect(200)).body.data;
  const settled = (id: string | number, statuses = [1, 2, 3, 4, 6]) =>
    waitFor(`order ${id} to settle`, async () => {
      const current = await order(id);
      return statuses.includes(current.status) ? current : undefined;
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openfleet-instructions-'));
    platform = await startTestPlatform('strict', dataDir);
    port = platform.app.get(Gateway808Server).address().port;
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Command Logistics' });
    otherCompanyId = await admin.create('/basic/company', { name: 'Other Logistics' });
    v2013 = await provisionVehicle(admin, companyId, { sim: '13700000001', plate: '京C70001', terminalCode: 'CMD0001', version: '2013' });
    v2019 = await provisionVehicle(admin, companyId, { sim: '13700000002', plate: '京C70002', terminalCode: 'CMD0002', version: '2019' });
    offline = await provisionVehicle(admin, companyId, { sim: '13700000003', plate: '京C70003', terminalCode: 'CMD0003', version: '2013' });
    foreign = await provisionVehicle(admin, otherCompanyId, { sim: '13700000004', plate: '沪D70004', terminalCode: 'CMD0004', version: '2013' });
    t2013 = await connectTerminal(port, v2013);
    t2019 = await connectTerminal(port, v2019);
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    socket = io(url, { path: '/socket.io', auth: { token: admin.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    socket.on('instructionOrder', (event: InstructionOrderEvent) => orderEvents.push(event));
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    // The instruction service learns "online" from tracking's vehicle state: wait until both show online.
    await waitFor('both terminals online for the instruction service', async () => {
      const rows = (await admin.get('/gps/position/findLatestPositions').expect(200)).body.data as { vehicleId: string; vehicleStatus: number }[];
      return [v2013, v2019].every((v) => rows.some((row) => String(row.vehicleId) === v.vehicleId && row.vehicleStatus === 1)) || undefined;
    });
    await sleep(300);
  });

  afterAll(async () => {
    socket?.close();
    t2013?.close();
    t2019?.close();
    await platform?.app.close();
  });

  it('sends a text to each edition in its own layout, and the reply makes it a success, pushed live', async () => {
    for (const [vehicle, terminal] of [[v2013, t2013], [v2019, t2019]] as const) {
      const response = await send(admin, { commandType: 'text', vehicleIds: [vehicle.vehicleId], params: { emergency: true, display: true, tts: true, text: '前方拥堵，请绕行' } });
      expect(response.body).toMatchObject({ flag: true, data: [{ vehicleId: vehicle.vehicleId, status: 7, errorCode: 0 }] });
      const orderId = response.body.data[0].orderId;
      const received = await terminal.expect((m) => m.msgId === 0x8300);
      // 2013 table 38: bit0 emergency, bit2 display, bit3 TTS. 2019: bits 0-1 = 2 (emergency), bit2, bit3, text type byte.
      if (vehicle.version === '2013') expect(received.body).toEqual({ flags: 0b1101, text: '前方拥堵，请绕行' });
      else expect(received.body).toEqual({ flags: 0b1110, textType: 1, text: '前方拥堵，请绕行' });
      terminal.send(0x0001, { replySerial: received.serial, replyId: 0x8300, result: 0 });
      const done = await settled(orderId);
      expect(done).toMatchObject({ status: 1, errorCode: 0, replyMsgId: '0x0001' });
      await waitFor('live order event', () => orderEvents.find((event) => event.orderId === orderId && event.status === 1));
      expect(orderEvents.find((event) => event.orderId === orderId && event.status === 7)).toBeDefined();
    }
  });

  it('maps terminal refusals to 3 with 7103/7105, and silence to 4 with 7117', async () => {
    const failed = (await send(admin, { commandType: 'rollcall', vehicleIds: [v2013.vehicleId] })).body.data[0].orderId;
    const rollcall = await t2013.expect((m) => m.msgId === 0x8201);
    t2013.send(0x0001, { replySerial: rollcall.serial, replyId: 0x8201, result: 1 });
    expect(await settled(failed)).toMatchObject({ status: 3, errorCode: 7103 });

    const unsupported = (await send(admin, { commandType: 'queryAttributes', vehicleIds: [v2019.vehicleId] })).body.data[0].orderId;
    const query = await t2019.expect((m) => m.msgId === 0x8107);
    t2019.send(0x0001, { replySerial: query.serial, replyId: 0x8107, result: 3 });
    expect(await settled(unsupported)).toMatchObject({ status: 3, errorCode: 7105 });

    const silent = (await send(admin, { commandType: 'linkCheck', vehicleIds: [v2019.vehicleId], timeoutS: 1 })).body.data[0].orderId;
    await t2019.expect((m) => m.msgId === 0x8204);
    expect(await settled(silent)).toMatchObject({ status: 4, errorCode: 7117 });
  });

  it('refuses what a terminal cannot do: edition (7109), SIM (7108), unknown command (7110), bad fields (7106)', async () => {
    expect((await send(admin, { commandType: 'linkCheck', vehicleIds: [v2013.vehicleId] })).body).toMatchObject({ flag: false, errorCode: 7109 });
    expect((await send(admin, { commandType: 'eventSet', vehicleIds: [v2019.vehicleId], params: { type: 1, events: [{ id: 1, content: 'x' }] } })).body).toMatchObject({ flag: false, errorCode: 7109 });
    expect((await send(admin, { commandType: 'text', vehicleIds: [v2013.vehicleId], params: { text: 'x', textType: 2 } })).body).toMatchObject({ flag: false, errorCode: 7109 });
    const bare = await admin.create('/basic/vehicle', { plateCode: '京C79999', plateColor: 2, vehicleType: 1, companyId });
    await waitFor('bare vehicle in the registry', async () => ((await send(admin, { commandType: 'rollcall', vehicleIds: [bare] })).body.errorCode === 7108 ? true : undefined));
    expect((await send(admin, { commandType: 'selfDestruct', vehicleIds: [v2013.vehicleId] })).body).toMatchObject({ flag: false, errorCode: 7110 });
    const invalid = (await send(admin, { commandType: 'text', vehicleIds: [v2013.vehicleId], params: { text: '长'.repeat(600) } })).body;
    expect(invalid).toMatchObject({ flag: false, errorCode: 7106, data: [{ field: 'text', reason: 'length' }] });
    expect((await send(admin, { commandType: 'photo', vehicleIds: [v2013.vehicleId], params: { quality: 11 } })).body).toMatchObject({ flag: false, errorCode: 7106 });
    expect((await admin.post('/gps/sendOrder/send', { commandType: 'text', vehicleIds: [] })).body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('fails an offline vehicle at once (2, 7205) or queues it until it connects, across a restart', async () => {
    const refused = (await send(admin, { commandType: 'rollcall', vehicleIds: [offline.vehicleId] })).body;
    expect(refused).toMatchObject({ flag: false, errorCode: 7205, data: { status: 2 } });
    const queued = (await send(admin, { commandType: 'text', vehicleIds: [offline.vehicleId], params: { text: '上线后请联系调度' }, offlinePolicy: 'queue', expireMinutes: 30 })).body;
    expect(queued).toMatchObject({ flag: true, data: [{ status: 5, errorCode: 0 }] });
    const queuedId = queued.data[0].orderId;
    const cancelled = (await send(admin, { commandType: 'rollcall', vehicleIds: [offline.vehicleId], offlinePolicy: 'queue' })).body.data[0].orderId;
    expect((await admin.post('/gps/sendOrder/cancel', { orderIds: [cancelled] }).expect(200)).body).toMatchObject({ flag: true, data: [{ errorCode: 0, status: 6 }] });
    expect((await admin.post('/gps/sendOrder/cancel', { orderIds: [cancelled] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 7113 });
    expect((await admin.get('/gps/sendOrder/pendingCount').expect(200)).body.data.count).toBeGreaterThanOrEqual(1);

    // A restart keeps the queue (same data directory).
    socket.close();
    t2013.close();
    t2019.close();
    await platform.app.close();
    platform = await startTestPlatform('strict', dataDir);
    port = platform.app.get(Gateway808Server).address().port;
    admin = await loginAdmin(platform);
    expect(await order(queuedId)).toMatchObject({ status: 5 });

    const terminal = await connectTerminal(port, offline);
    try {
      const delivered = await terminal.expect((m) => m.msgId === 0x8300, 15_000);
      expect(delivered.body).toMatchObject({ text: '上线后请联系调度' });
      // Cancelling a delivered order is refused: the vehicle already has it.
      await waitFor('order delivered', async () => ((await order(queuedId)).status === 7 ? true : undefined));
      expect((await admin.post('/gps/sendOrder/cancel', { orderIds: [queuedId] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 7111 });
      terminal.send(0x0001, { replySerial: delivered.serial, replyId: 0x8300, result: 0 });
      expect(await settled(queuedId)).toMatchObject({ status: 1 });
      // Never a second copy: not from the sweep, not from the cancelled order.
      await sleep(1500);
      await expect(terminal.expect((m) => m.msgId === 0x8300 || m.msgId === 0x8201, 200)).rejects.toThrow('timed out');
    } finally {
      terminal.close();
    }
    t2013 = await connectTerminal(port, v2013);
    t2019 = await connectTerminal(port, v2019);
    await waitFor('terminals online again', async () => {
      const rows = (await admin.get('/gps/position/findLatestPositions').expect(200)).body.data as { vehicleId: string; vehicleStatus: number }[];
      return [v2013, v2019].every((v) => rows.some((row) => String(row.vehicleId) === v.vehicleId && row.vehicleStatus === 1)) || undefined;
    });
    await sleep(300);
  });

  it('never sends a command twice when the bus redelivers it', async () => {
    const id = (await send(admin, { commandType: 'rollcall', vehicleIds: [v2013.vehicleId] })).body.data[0].orderId;
    const first = await t2013.expect((m) => m.msgId === 0x8201);
    const current = await order(id);
    // Redeliver the downlink exactly as the instruction service published it.
    const bus = platform.app.get<EventBus>(EVENT_BUS);
    await bus.publish(Topics.downlinkCommand, { key: v2013.sim, value: { commandId: String(id), terminalPhone: v2013.sim, vehicleId: v2013.vehicleId, msgId: '0x8201', body: {}, requestedAt: Date.now(), timeoutMs: 30_000 } });
    await expect(t2013.expect((m) => m.msgId === 0x8201, 800)).rejects.toThrow('timed out');
    t2013.send(0x0201, { replySerial: first.serial, location: { alarm: 0, status: 3, latitude: 39.91, longitude: 116.41, altitude: 40, speed: 0, direction: 0, time: new Date(), extras: [] } });
    const done = await settled(id);
    expect(done).toMatchObject({ status: 1, replyMsgId: '0x0201' });
    expect((done.replyBody as { location: { latitude: number } }).location.latitude).toBeCloseTo(39.91, 5);
    expect(current.status).toBe(7);
  });

  it('confirms a manual alarm with 0x8203 through the spec path, by query and by body', async () => {
    const byQuery = await admin.get(`/gps/sendOrder/sendOrderInfoByCommandAlarmMakeSure?vehicleId=${v2013.vehicleId}&alarmSerial=321&alarmTypes=${1 | (1 << 20)}`).expect(200);
    expect(byQuery.body).toMatchObject({ flag: true, data: [{ status: 7 }] });
    const confirm = await t2013.expect((m) => m.msgId === 0x8203);
    // JT/T 808 table 32: reply serial of the alarm report, then the alarm bits being confirmed.
    expect(confirm.body).toEqual({ alarmSerial: 321, alarmTypes: 1 | (1 << 20) });
    t2013.send(0x0001, { replySerial: confirm.serial, replyId: 0x8203, result: 0 });
    expect(await settled(byQuery.body.data[0].orderId)).toMatchObject({ status: 1 });
    const byBody = await admin.post('/gps/sendOrder/sendOrderInfoByCommandAlarmMakeSure', { vehicleId: v2019.vehicleId, alarmSerial: 7 }).expect(200);
    expect(byBody.body).toMatchObject({ flag: true });
    const second = await t2019.expect((m) => m.msgId === 0x8203);
    expect(second.body).toEqual({ alarmSerial: 7, alarmTypes: 1 });
    t2019.send(0x0001, { replySerial: second.serial, replyId: 0x8203, result: 0 });
    expect(await settled(byBody.body.data[0].orderId)).toMatchObject({ status: 1 });
  });

  it('takes a photo: the 0x0805 ids and the subpackaged 0x0801 upload are stored and downloadable', async () => {
    const id = (await send(admin, { commandType: 'photo', vehicleIds: [v2019.vehicleId], params: { channel: 1, command: 1 } })).body.data[0].orderId;
    const request = await t2019.expect((m) => m.msgId === 0x8801);
    expect(request.body).toMatchObject({ channel: 1, command: 1, saveFlag: 0, resolution: 1, quality: 5 });
    t2019.send(0x0805, { replySerial: request.serial, result: 0, mediaIds: [4_000_000_001] });
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(2500, 7), Buffer.from('ffd9', 'hex')]);
    const body = { mediaId: 4_000_000_001, mediaType: 0, format: 0, event: 0, channel: 1, location: { alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 1, speed: 0, direction: 0, time: new Date() }, data: jpeg.toString('hex') };
    let serial = 500;
    const { frames } = encodeFrames({ msgId: 0x0801, version: '2019', phone: v2019.header, body }, () => serial++);
    expect(frames.length).toBeGreaterThan(2);
    frames.forEach((frame) => t2019.writeRaw(frame));
    await t2019.expect((m) => m.msgId === 0x8800);
    const done = await waitFor('photo stored', async () => {
      const current = await order(id);
      return current.status === 1 && current.media?.length ? current : undefined;
    });
    expect(done.media![0]).toMatchObject({ mediaType: 0, size: jpeg.length });
    const file = await admin.get(done.media![0].url).buffer(true).parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(file.body as Buffer, jpeg)).toBe(0);
  });

  it('queries parameters into terminalProM and sets typed ones', async () => {
    const id = (await send(admin, { commandType: 'queryParams', vehicleIds: [v2013.vehicleId] })).body.data[0].orderId;
    const query = await t2013.expect((m) => m.msgId === 0x8104);
    t2013.send(0x0104, { replySerial: query.serial, items: [{ id: 0x0001, type: 'dword', value: 30 }, { id: 0x0013, type: 'string', value: '10.0.0.1' }, { id: 0xf001, type: 'bytes', value: 'abcd' }] });
    await settled(id);
    const params = (await admin.get(`/gps/terminalParams/${v2013.vehicleId}`).expect(200)).body.data;
    const byId = new Map((params.parameters as { id: number; value: unknown }[]).map((row) => [row.id, row.value]));
    expect(byId.get(0x0001)).toBe(30);
    expect(byId.get(0x0013)).toBe('10.0.0.1');
    expect(byId.get(0xf001)).toBe('abcd');
    expect(byId.get(0x0029)).toBeNull();

    const set = (await send(admin, { commandType: 'setParams', vehicleIds: [v2013.vehicleId], params: { items: [{ id: 0x0029, value: '15' }, { id: 0x0083, value: '京C70001' }] } })).body.data[0].orderId;
    const received = await t2013.expect((m) => m.msgId === 0x8103);
    expect((received.body as { items: unknown[] }).items).toEqual([
      { id: 0x0029, name: 'defaultReportIntervalS', type: 'dword', value: 15 },
      { id: 0x0083, name: 'plate', type: 'string', value: '京C70001' },
    ]);
    t2013.send(0x0001, { replySerial: received.serial, replyId: 0x8103, result: 0 });
    expect(await settled(set)).toMatchObject({ status: 1 });
    expect((await send(admin, { commandType: 'setParams', vehicleIds: [v2013.vehicleId], params: { items: [{ id: 0x0029, value: '-1' }] } })).body).toMatchObject({ flag: false, errorCode: 7106 });
  });

  it('locks a vehicle through the 3-step wizard: reason, SMS code, limit password', async () => {
    expect((await admin.post('/gps/vehicleLimit/start', { vehicleId: v2019.vehicleId, action: 'lock', reason: '欠费' }).expect(200)).body).toMatchObject({ flag: false, errorCode: 424 });
    expect((await admin.put(`/gps/vehicleLimit/${v2019.vehicleId}`, { capable: true, authPhone: '13811112222', password: 'Limit#2026' }).expect(200)).body.flag).toBe(true);
    expect((await admin.post('/gps/vehicleLimit/start', { vehicleId: v2019.vehicleId, action: 'lock', reason: '  ' }).expect(200)).body).toMatchObject({ flag: false, errorCode: 400 });
    const started = (await admin.post('/gps/vehicleLimit/start', { vehicleId: v2019.vehicleId, action: 'lock', reason: '欠费' }).expect(200)).body;
    expect(started).toMatchObject({ flag: true, data: { phone: '138****2222' } });
    expect((await admin.post('/gps/vehicleLimit/start', { vehicleId: v2019.vehicleId, action: 'lock', reason: '欠费' }).expect(200)).body.errorCode).toBe(3203);
    const wizardId = started.data.wizardId;
    const sms = platform.app.select(InstructionModule).get<{ lastText: Map<string, string> }>(SMS_PROVIDER);
    const code = /(\d{6})/.exec(sms.lastText.get('13811112222') ?? '')![1];
    expect((await admin.post('/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' }).expect(200)).body.errorCode).toBe(3034);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await admin.post('/gps/vehicleLimit/verify', { wizardId, code: wrong }).expect(200)).body.errorCode).toBe(3034);
    expect((await admin.post('/gps/vehicleLimit/verify', { wizardId, code }).expect(200)).body.flag).toBe(true);
    expect((await admin.post('/gps/vehicleLimit/confirm', { wizardId, password: 'wrong-pass' }).expect(200)).body.errorCode).toBe(3031);
    const confirmed = (await admin.post('/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' }).expect(200)).body;
    expect(confirmed).toMatchObject({ flag: true, data: { status: 7 } });
    const control = await t2019.expect((m) => m.msgId === 0x8500);
    // 2019 table 50: count, then control id 0x0001 (doors) with parameter 1 (lock).
    expect(control.body).toEqual({ items: [{ id: 1, param: '01' }] });
    t2019.send(0x0500, { replySerial: control.serial, location: { alarm: 0, status: 3 | (1 << 12), latitude: 39.9, longitude: 116.4, altitude: 1, speed: 0, direction: 0, time: new Date(), extras: [] } });
    expect(await settled(confirmed.data.orderId)).toMatchObject({ status: 1, replyMsgId: '0x0500' });
    const log = (await admin.get(`/gps/remoteControl/log?vehicleId=${v2019.vehicleId}`).expect(200)).body.data.records as { operation: string; detail: string }[];
    expect(log.map((row) => row.detail)).toEqual(expect.arrayContaining(['sent, reason: 欠费', 'step 3, wrong limit password', 'step 1, reason: 欠费']));
  });

  it('remote control: refused while moving (3049), while a request is open (3040), on a 2013 terminal (7109); every attempt logged', async () => {
    const remote = (vehicleId: string, operation: string) => admin.post('/gps/remoteControl/send', { vehicleId, operation }).expect(200);
    // Where the lock test left the vehicle: a jump of kilometres in seconds would be filtered out as a GNSS jump.
    const located = (speed: number, agoS = 0) => ({ alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 10, speed, direction: 90, time: new Date(Math.floor(Date.now() / 1000 - agoS) * 1000), extras: [] });
    const lock = (await remote(v2019.vehicleId, 'doorLock')).body;
    expect(lock).toMatchObject({ flag: true, data: { status: 7 } });
    expect((await remote(v2019.vehicleId, 'windowClose')).body).toMatchObject({ flag: false, errorCode: 3040 });
    const control = await t2019.expect((m) => m.msgId === 0x8500);
    expect(control.body).toEqual({ items: [{ id: 1, param: '01' }] });
    t2019.send(0x0500, { replySerial: control.serial, location: located(0, 10) });
    expect(await settled(lock.data.orderId)).toMatchObject({ status: 1 });
    // Driving at 40 km/h: starting the engine or opening a door is refused before anything is sent.
    // A report in a later second than the last one (GNSS times have whole seconds; tracking keeps the newest).
    await sleep(1100);
    const report = t2019.send(0x0200, located(40));
    await t2019.expectAck(report);
    await waitFor('the vehicle seen moving', async () => {
      const rows = (await admin.get(`/gps/position/findLatestPositions?vehicleIds=${v2019.vehicleId}`).expect(200)).body.data as { gpsSpeed: number }[];
      return rows[0]?.gpsSpeed >= 40 || undefined;
    });
    await sleep(300);
    expect((await remote(v2019.vehicleId, 'engineStart')).body).toMatchObject({ flag: false, errorCode: 3049 });
    await expect(t2019.expect((m) => m.msgId === 0x8500, 300)).rejects.toThrow('timed out');
    expect((await remote(v2013.vehicleId, 'doorLock')).body).toMatchObject({ flag: false, errorCode: 7109 });
    expect((await remote(offline.vehicleId, 'doorLock')).body).toMatchObject({ flag: false, errorCode: 7205 });
    expect((await admin.post('/gps/remoteControl/send', { vehicleId: v2019.vehicleId, operation: 'selfDestruct' })).body).toMatchObject({ flag: false, errorCode: 400 });
    const log = (await admin.get(`/gps/remoteControl/log?vehicleId=${v2019.vehicleId}&size=50`).expect(200)).body.data.records as { operation: string; result: number; errorCode: number }[];
    expect(log).toEqual(expect.arrayContaining([
      expect.objectContaining({ operation: 'doorLock', result: 1, errorCode: 0 }),
      expect.objectContaining({ operation: 'windowClose', result: 0, errorCode: 3040 }),
      expect.objectContaining({ operation: 'engineStart', result: 0, errorCode: 3049 }),
    ]));
  });

  it('keeps each company to its own vehicles and orders, for a role narrower than the super administrator', async () => {
    const roleId = await admin.create('/basic/role', { name: 'dispatcher', companyId: otherCompanyId, roleType: 3, actionCodes: ['controlInstruction', 'controlInstruction:search', 'controlInstruction:send'] });
    await admin.create('/basic/user', { account: 'otherdispatch', name: 'Other Dispatcher', password: 'Dispatch123', userType: 1, companyId: otherCompanyId, roleIds: [Number(roleId)] });
    const other = await login(platform, 'otherdispatch', 'Dispatch123');
    expect((await send(other, { commandType: 'rollcall', vehicleIds: [v2013.vehicleId] })).body).toMatchObject({ flag: false, errorCode: 8002 });
    const batch = (await send(other, { commandType: 'rollcall', vehicleIds: [foreign.vehicleId, v2013.vehicleId], offlinePolicy: 'queue' })).body;
    expect(batch.flag).toBe(true);
    expect(batch.data).toEqual(expect.arrayContaining([expect.objectContaining({ vehicleId: v2013.vehicleId, orderId: null, errorCode: 8002 }), expect.objectContaining({ vehicleId: foreign.vehicleId, status: 5 })]));
    const theirs = (await other.get('/gps/sendOrder/page?size=100').expect(200)).body.data;
    expect(theirs.records.every((row: { vehicleId: string }) => row.vehicleId === foreign.vehicleId)).toBe(true);
    expect(theirs.total).toBe(1);
    const ours = (await admin.get(`/gps/sendOrder/page?vehicleId=${v2013.vehicleId}&size=1`).expect(200)).body.data.records[0];
    expect((await other.get(`/gps/sendOrder/${ours.id}`).expect(200)).body.errorCode).toBe(7112);
    expect((await other.post('/gps/sendOrder/cancel', { orderIds: [String(ours.id)] }).expect(200)).body.errorCode).toBe(7112);
    expect((await other.get('/gps/sendOrder/pendingCount').expect(200)).body.data.count).toBe(1);
    expect((await other.get(`/gps/terminalParams/${v2013.vehicleId}`).expect(200)).body.errorCode).toBe(403);
    expect((await other.get('/gps/sendOrder/export').expect(200)).body.errorCode).toBe(403);
  });
});
