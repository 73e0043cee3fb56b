// socket.io live hub over a real TCP port: token checked at connect, events only for in-scope vehicles.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { HubCommand, HubEvent, Topics, type AlarmEvent, type ClientToServerEvents, type LivePosition, type Position, type ServerToClientEvents, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { io, type Socket as IoSocket } from 'socket.io-client';
import { ApiModule } from '../api.module';

// The console's own typing of the hub (libs/contracts live/hub-events).
type Socket = IoSocket<ServerToClientEvents, ClientToServerEvents>;

const TICK_MS = 300;
const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'live-hub-secret-live-hub-secret-0123456789', LIVE_PUSH_TICK_MS: String(TICK_MS) };
const alpha: AuthUser = { id: '5', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: [] } };

function vehicle(vehicleId: string, terminalPhone: string, companyPath: string[]): VehicleRegistryEntry {
  return { vehicleId, plateCode: `P${vehicleId}`, plateColor: 1, vin: '', companyId: companyPath.at(-1) ?? '', companyPath, fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() };
}

function alarm(terminalPhone: string): AlarmEvent {
  return { alarmId: `a-${terminalPhone}`, terminalPhone, type: 'overspeed', level: 1, source: 'terminal', startedAt: Date.now(), latitude: 31.2, longitude: 121.5, speedKmh: 90 };
}

function position(terminalPhone: string, gpsTimeS: number): Position {
  return {
    terminalPhone, vehicleId: '', gpsTimeS, receivedAtMs: Date.now(), latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 40, speedDkmh: 300,
    directionDeg: 90, alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0,
    hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every `positions` message a socket receives, with its arrival time. */
function recordPositions(socket: Socket): { at: number; batch: LivePosition[] }[] {
  const messages: { at: number; batch: LivePosition[] }[] = [];
  socket.on(HubEvent.positions, (batch: LivePosition[]) => messages.push({ at: Date.now(), batch }));
  return messages;
}

describe('api live hub (socket.io)', () => {
  let app: INestApplication;
  let url: string;
  let tokens: TokenService;
  const bus = new InProcessBus({ logger: silentBusLogger });
  const sockets: Socket[] = [];

  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket: Socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });

  beforeAll(async () => {
    const config = loadConfig(PlatformConfig, env);
    const moduleRef = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'api-test', config, bus, env }), ApiModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    tokens = app.get(TokenService);
    await bus.publish(Topics.vehicleRegistry, [
      { key: '1', value: vehicle('1', '13800000001', ['1', '3']) },
      { key: '2', value: vehicle('2', '13800000002', ['1', '4']) },
    ]);
    const directory = app.get(VehicleRegistry);
    while (!directory.find({ vehicleId: '2' })) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow('401');
    const expired = await tokens.sign(alpha, -5);
    await expect(connect(expired)).rejects.toThrow('401');
  });

  it('delivers only in-scope vehicle events, and everything to a super administrator', async () => {
    const scoped = await connect(await tokens.sign(alpha));
    const admin = await connect(await tokens.sign({ ...alpha, superAdmin: true, scope: { companies: [], fleets: [] } }));
    const scopedAlarms: string[] = [];
    const adminAlarms: string[] = [];
    scoped.on(HubEvent.alarm, (event) => scopedAlarms.push(event.terminalPhone));
    admin.on(HubEvent.alarm, (event) => adminAlarms.push(event.terminalPhone));
    await bus.publish(Topics.alarm, [alarm('13800000002'), alarm('13800000001')].map((value) => ({ key: value.terminalPhone, value })));
    const started = Date.now();
    while (adminAlarms.length < 2 && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adminAlarms.sort()).toEqual(['13800000001', '13800000002']);
    expect(scopedAlarms).toEqual(['13800000001']);
  });

  it('coalesces positions: at most one message per tick, newest position of every changed vehicle', async () => {
    const admin = await connect(await tokens.sign({ ...alpha, superAdmin: true, scope: { companies: [], fleets: [] } }));
    const messages = recordPositions(admin);
    const t0 = Math.floor(Date.now() / 1000);
    await bus.publish(Topics.position, [1, 2, 3, 4, 5].map((i) => ({ key: '13800000001', value: position('13800000001', t0 + i) })));
    await bus.publish(Topics.position, [{ key: '13800000002', value: position('13800000002', t0) }]);
    await bus.publish(Topics.position, [{ key: '13800000001', value: position('13800000001', t0 - 100) }]); // older: never replaces
    await sleep(TICK_MS * 3);
    const received = messages.flatMap((message) => message.batch);
    expect(received.filter((item) => item.terminalPhone === '13800000001').map((item) => item.gpsTimeS).at(-1)).toBe(t0 + 5);
    expect(new Set(received.map((item) => item.terminalPhone))).toEqual(new Set(['13800000001', '13800000002']));
    // Everything was published well inside one tick: one message, or two if a tick boundary fell in between.
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages.length).toBeLessThanOrEqual(2);
    for (const message of messages) expect(new Set(message.batch.map((item) => item.terminalPhone)).size).toBe(message.batch.length);
    expect(received.find((item) => item.terminalPhone === '13800000001')).toMatchObject({ vehicleId: '1', plateCode: 'P1', latitude: 39.9, speedKmh: 30 });
    // Keep publishing every 50 ms for 4 ticks: messages never come closer than a tick apart.
    messages.length = 0;
    for (let i = 0; i < 24; i++) {
      await bus.publish(Topics.position, [{ key: '13800000002', value: position('13800000002', t0 + 10 + i) }]);
      await sleep(50);
    }
    await sleep(TICK_MS);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < messages.length; i++) expect(messages[i].at - messages[i - 1].at).toBeGreaterThanOrEqual(TICK_MS * 0.6);
    admin.close();
  });

  it('pushes only subscribed vehicles inside the scope, whatever the client asks for', async () => {
    const scoped = await connect(await tokens.sign(alpha));
    const admin = await connect(await tokens.sign({ ...alpha, id: '9', superAdmin: true, scope: { companies: [], fleets: [] } }));
    const scopedMessages = recordPositions(scoped);
    const adminMessages = recordPositions(admin);
    const t0 = Math.floor(Date.now() / 1000) + 100;
    const publishBoth = (t: number) =>
      bus.publish(Topics.position, ['13800000001', '13800000002', '13900000009'].map((phone) => ({ key: phone, value: position(phone, t) })));

    // Default: the whole scope. The unknown terminal goes to super administrators only.
    await publishBoth(t0);
    await sleep(TICK_MS * 2);
    expect(scopedMessages.flatMap((m) => m.batch).map((item) => item.terminalPhone)).toEqual(['13800000001']);
    expect(adminMessages.flatMap((m) => m.batch).map((item) => item.terminalPhone).sort()).toEqual(['13800000001', '13800000002', '13900000009']);

    // Subscribing to another company's vehicle yields nothing; the admin narrows to vehicle 2.
    expect(await scoped.emitWithAck(HubCommand.subscribe, { vehicleIds: ['2'] })).toMatchObject({ flag: true, data: { vehicles: 1 } });
    expect(await admin.emitWithAck(HubCommand.subscribe, { vehicleIds: ['2'] })).toMatchObject({ flag: true });
    expect(await admin.emitWithAck(HubCommand.subscribe, 'nonsense' as never)).toMatchObject({ flag: false, errorCode: 400 });
    scopedMessages.length = 0;
    adminMessages.length = 0;
    await publishBoth(t0 + 1);
    await sleep(TICK_MS * 2);
    expect(scopedMessages).toEqual([]);
    expect(adminMessages.flatMap((m) => m.batch).map((item) => item.vehicleId)).toEqual(['2']);

    // Back to the whole scope; then unsubscribe stops everything.
    expect(await scoped.emitWithAck(HubCommand.subscribe, { scope: true })).toMatchObject({ flag: true, data: { scope: true } });
    await publishBoth(t0 + 2);
    await sleep(TICK_MS * 2);
    expect(scopedMessages.flatMap((m) => m.batch).map((item) => item.vehicleId)).toEqual(['1']);
    expect(await scoped.emitWithAck(HubCommand.unsubscribe, {})).toMatchObject({ flag: true });
    scopedMessages.length = 0;
    await publishBoth(t0 + 3);
    await sleep(TICK_MS * 2);
    expect(scopedMessages).toEqual([]);
  });
});
