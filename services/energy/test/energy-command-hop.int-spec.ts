// GB/T 32960 platform commands (0x80-0x82) at two energy instances in one process, on real Kafka
// and on the in-process bus: a vehicle logged in over real TCP at instance A, the HTTP request sent
// to instance B. The command hops over energy.command.v1, the vehicle gets it exactly once (also
// when the bus delivers it twice), B answers with the vehicle's answer (or 7103, 3040, 7117 as A
// saw it); a VIN no instance holds is 7205 after the grace; the request at A itself does not hop;
// the send action and the vehicle scope are checked at B as before.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, KafkaBus, silentBusLogger, type EventBus } from '@openfleet/bus';
import { Topics, type EnergyCommand, type EnergyCommandResult } from '@openfleet/contracts';
import { decodeFrame, encodeFrame, encodeVehicleLogin, type Gb32960Frame } from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { testStorageEnv } from '@openfleet/storage';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { EnergyModule, Gb32960Server, VehicleCommandHop } from '../src';
import { eventually, VehicleSocket } from './vehicle-socket';

jest.setTimeout(120_000);

const VIN = 'LSVHOP00000000001';
const IDLE_VIN = 'LSVHOP00000000002';
const GRACE_MS = 1500;
const SECRET = 'energy-hop-secret-energy-hop-secret-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const user = (company: string, role: string): AuthUser => ({ id: '41', companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });
const vehicle = (vehicleId: string, vin: string, companyId: string) => ({
  key: vehicleId,
  value: { vehicleId, plateCode: `京AD${vehicleId}`, plateColor: 5, vin, companyId, companyPath: ['root', companyId], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() },
});

type Envelope = { flag: boolean; errorCode: number; data: { response?: number; command?: number; parameters?: { id: number; key: string; value: number | string }[] } | null };

describe.each(['kafka', 'in-process'] as const)('32960 commands at two energy instances on the %s bus', (kind) => {
  const run = `${process.pid}${randomBytes(3).toString('hex')}`;
  const prefix = `hop${run}.`;
  const busOf = (name: string): EventBus =>
    kind === 'kafka'
      ? new KafkaBus({ brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), clientId: `energy-hop-${name}-${run}`, logger: silentBusLogger, topicPrefix: prefix, backoff: { initialMs: 20, maxMs: 200 } })
      : shared!;
  let shared: InProcessBus | undefined;
  let test: EventBus;
  const apps: INestApplication[] = [];
  let a: INestApplication;
  let b: INestApplication;
  let ev: VehicleSocket<Gb32960Frame>;
  const tokens = { operator: '', viewer: '', stranger: '' };
  /** Every record on energy.command.v1 and energy.command-result.v1, as a bystander reads them. */
  const published: EnergyCommand[] = [];
  const results: EnergyCommandResult[] = [];

  const start = async (name: string): Promise<INestApplication> => {
    const env: NodeJS.ProcessEnv = { ...testStorageEnv('sqlite', `hop${name}`), LOG_LEVEL: 'silent', INSTANCE_ID: `${name}-${run}`, ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', ENERGY_COMMAND_GRACE_MS: String(GRACE_MS), AUTH_JWT_SECRET: SECRET };
    const bus = busOf(name);
    const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: `energy-${name}`, config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    apps.push(app);
    return app;
  };
  const call = async (app: INestApplication, token: string, path: string, body: object): Promise<Envelope> =>
    (await request(app.getHttpServer()).post(`/energy/vehicle-params/${path}`).set('Authorization', token).send(body).expect(200)).body;
  /** The platform commands the vehicle has received (0x80-0x82 with the command flag). */
  const commandsReceived = () => ev.answers.filter((frame) => frame.command >= 0x80 && frame.response === 0xfe);
  const nextCommand = async (seen: number) => (await eventually(async () => commandsReceived(), (frames) => frames.length > seen, 'a command at the vehicle'))[seen]!;
  const answer = (command: number, response: number, data: Buffer) => ev.socket.write(encodeFrame({ command, response, vin: VIN, encryption: 1, data }));

  beforeAll(async () => {
    if (kind === 'in-process') shared = new InProcessBus({ logger: silentBusLogger });
    test = kind === 'kafka' ? busOf('test') : shared!;
    await test.publish(Topics.rolePermissions, [
      { key: 'sender', value: { roleId: 'sender', actionCodes: ['controlInstruction', 'controlInstruction:send'], deleted: false, updatedAt: Date.now() } },
      { key: 'viewer', value: { roleId: 'viewer', actionCodes: ['controlInstruction', 'controlInstruction:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    await test.publish(Topics.vehicleRegistry, [vehicle('ev1', VIN, 'c1'), vehicle('ev2', IDLE_VIN, 'c1')]);
    a = await start('a');
    b = await start('b');
    await test.subscribe(Topics.energyCommand, { group: `hop-watch-${run}`, fromBeginning: true, handle: async (messages) => void published.push(...messages.map((m) => m.value)) });
    await test.subscribe(Topics.energyCommandResult, { group: `hop-watch-results-${run}`, fromBeginning: true, handle: async (messages) => void results.push(...messages.map((m) => m.value)) });
    for (const app of apps) {
      await app.get(VehicleCommandHop).ready();
      await eventually(async () => app.get(VehicleRegistry).byVin(VIN) && app.get(VehicleRegistry).byVin(IDLE_VIN), Boolean, 'the registry');
    }
    // Kafka: a new group reading from the latest offset resolves it at its first fetch, just after joining.
    if (kind === 'kafka') await sleep(1500);
    const tokenService = b.get(TokenService);
    tokens.operator = `Bearer ${await tokenService.sign(user('c1', 'sender'))}`;
    tokens.viewer = `Bearer ${await tokenService.sign(user('c1', 'viewer'))}`;
    tokens.stranger = `Bearer ${await tokenService.sign(user('c2', 'sender'))}`;
    ev = await VehicleSocket.open(a.get(Gb32960Server).port(), decodeFrame);
    ev.socket.write(encodeFrame({ command: 0x01, response: 0xfe, vin: VIN, encryption: 1, data: encodeVehicleLogin({ time: '2026-11-27 10:00:00', serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }) }));
    expect(await ev.next(0)).toMatchObject({ command: 0x01, response: 0x01 });
    expect(a.get(Gb32960Server).holds(VIN)).toBe(true);
    expect(b.get(Gb32960Server).holds(VIN)).toBe(false);
  });

  afterAll(async () => {
    ev?.socket.destroy();
    for (const app of apps.reverse()) await app.close();
    if (kind === 'kafka') await test?.close();
  });

  it('sends a query taken by B to the vehicle at A exactly once, and B answers with the vehicle\'s values', async () => {
    const seen = commandsReceived().length;
    const pending = call(b, tokens.operator, 'query', { vehicleId: 'ev1', ids: [0x01, 0x09] });
    const frame = await nextCommand(seen);
    expect(frame).toMatchObject({ command: 0x80, vin: VIN });
    expect(frame.data.subarray(6).toString('hex')).toBe('020109');
    // §7.5: time, count 2, 0x01 WORD 1000 ms, 0x09 BYTE 30 s.
    answer(0x80, 0x01, Buffer.concat([frame.data.subarray(0, 6), Buffer.from('020103e8091e', 'hex')]));
    expect(await pending).toMatchObject({ flag: true, data: { response: 1, command: 0x80, parameters: [{ id: 1, key: 'localStoragePeriodMs', value: 1000 }, { id: 9, key: 'heartbeatS', value: 30 }] } });
    await sleep(300);
    expect(commandsReceived().length).toBe(seen + 1);
    const hopped = published.filter((command) => command.vin === VIN);
    expect(hopped).toHaveLength(1);
    await eventually(async () => results.filter((result) => result.commandId === hopped[0]!.commandId).map((result) => result.status), (statuses) => statuses.length === 2, 'the holder\'s results');
    expect(results.filter((result) => result.commandId === hopped[0]!.commandId).map((result) => result.status)).toEqual(['sent', 'answered']);
  });

  it('passes the vehicle\'s "error" (7103), a second waiting command (3040) and no answer (7117) back to B', async () => {
    let seen = commandsReceived().length;
    const refused = call(b, tokens.operator, 'set', { vehicleId: 'ev1', parameters: [{ id: 0x02, value: 30 }] });
    const set = await nextCommand(seen++);
    expect(set.command).toBe(0x81);
    answer(0x81, 0x02, set.data.subarray(0, 6));
    expect(await refused).toMatchObject({ flag: false, errorCode: 7103 });

    const silent = call(b, tokens.operator, 'query', { vehicleId: 'ev1', ids: [0x02], timeoutS: 2 });
    await nextCommand(seen++);
    // The same command while the first waits: A sends nothing and says busy.
    expect(await call(b, tokens.operator, 'query', { vehicleId: 'ev1', ids: [0x03] })).toMatchObject({ flag: false, errorCode: 3040 });
    const started = Date.now();
    expect(await silent).toMatchObject({ flag: false, errorCode: 7117 });
    // A's own timeout ended it, not B's fallback (timeout plus grace).
    expect(Date.now() - started).toBeLessThan(2000 + GRACE_MS - 200);
    await sleep(300);
    expect(commandsReceived().length).toBe(seen);
  });

  it('sends a command the bus delivers twice to the vehicle once', async () => {
    const seen = commandsReceived().length;
    const command: EnergyCommand = { commandId: randomUUID(), vin: VIN, command: 0x82, data: '1a0b1b0a0000' + '02', timeoutMs: 5000, requestedAt: Date.now() };
    await test.publish(Topics.energyCommand, { key: VIN, value: command });
    await test.publish(Topics.energyCommand, { key: VIN, value: command });
    const frame = await nextCommand(seen);
    expect(frame).toMatchObject({ command: 0x82, vin: VIN });
    expect(frame.data.toString('hex')).toBe('1a0b1b0a000002');
    answer(0x82, 0x01, frame.data);
    await eventually(async () => results.filter((result) => result.commandId === command.commandId).map((result) => result.status), (statuses) => statuses.includes('answered'), 'the answer');
    await sleep(500);
    expect(commandsReceived().length).toBe(seen + 1);
    expect(results.filter((result) => result.commandId === command.commandId).map((result) => result.status)).toEqual(['sent', 'answered']);
  });

  it('answers at A without the bus when A holds the link', async () => {
    const seen = commandsReceived().length;
    const before = published.length;
    const pending = call(a, `Bearer ${await a.get(TokenService).sign(user('c1', 'sender'))}`, 'control', { vehicleId: 'ev1', command: 5 });
    const frame = await nextCommand(seen);
    expect(frame.data.subarray(6).toString('hex')).toBe('05');
    answer(0x82, 0x01, frame.data);
    expect(await pending).toMatchObject({ flag: true, data: { response: 1, command: 0x82 } });
    await sleep(500);
    expect(published.length).toBe(before);
  });

  it('answers 7205 for a VIN no instance holds, after the grace, at either instance', async () => {
    for (const app of [b, a]) {
      const token = `Bearer ${await app.get(TokenService).sign(user('c1', 'sender'))}`;
      const started = Date.now();
      expect(await call(app, token, 'query', { vehicleId: 'ev2' })).toMatchObject({ flag: false, errorCode: 7205 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(GRACE_MS - 50);
    }
    expect(published.filter((command) => command.vin === IDLE_VIN)).toHaveLength(2);
    expect(results.filter((result) => result.vin === IDLE_VIN)).toEqual([]);
  });

  it('checks the send action and the vehicle scope at B before anything hops', async () => {
    const before = published.length;
    const seen = commandsReceived().length;
    expect((await call(b, tokens.viewer, 'query', { vehicleId: 'ev1' })).errorCode).toBe(403);
    expect((await call(b, tokens.stranger, 'query', { vehicleId: 'ev1' })).errorCode).toBe(8002);
    expect((await call(b, tokens.stranger, 'control', { vehicleId: 'ev1', command: 5 })).errorCode).toBe(8002);
    await sleep(300);
    expect(published.length).toBe(before);
    expect(commandsReceived().length).toBe(seen);
  });

  it('answers 7205 at B once the vehicle has left A', async () => {
    ev.socket.destroy();
    await eventually(async () => a.get(Gb32960Server).holds(VIN), (held) => !held, 'A to drop the link');
    expect(await call(b, tokens.operator, 'query', { vehicleId: 'ev1' })).toMatchObject({ flag: false, errorCode: 7205 });
  });
});
