// The fence module alone on SQLite and on MariaDB, with an in-process bus the test feeds: fences
// through the API, bindings, positions into events, the evaluator's state and event history across
// a restart on the same storage, and issue states moved by order events.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type FenceEvent, type InstructionRequest, type Position } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { FenceModule } from '../src';
import { FenceCatalogue } from '../src/fence/fence-catalogue';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '1', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(['sqlite', 'mysql'] as const)('fence storage on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fence'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'fence-test-secret-fence-test-secret-0123456789' };
  let bus: InProcessBus;
  let app: INestApplication;
  let token: string;
  const events: FenceEvent[] = [];
  const requests: InstructionRequest[] = [];

  // Closing the app closes its bus: each start gets a new one, with the probes and the registry snapshot.
  const start = async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.subscribe(Topics.fenceEvent, { group: 'probe', handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
    await bus.subscribe(Topics.instructionRequest, { group: 'probe', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.vehicleRegistry, { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A1', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: ['f1'], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'fence-test', config: loadConfig(PlatformConfig, env), bus, env }), FenceModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    token = `Bearer ${await app.get(TokenService).sign(admin)}`;
  };
  const http = () => request(app.getHttpServer());
  const position = (gpsTimeS: number, lng: number, lat: number): Position => ({
    terminalPhone: '13900000001', vehicleId: 'v1', gpsTimeS, receivedAtMs: Date.now(), latitudeE6: Math.round(lat * 1e6), longitudeE6: Math.round(lng * 1e6), altitudeM: 0, speedDkmh: 300, directionDeg: 0,
    alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: gpsTimeS, sequence: 0, extrasJson: '',
  });
  const drive = (p: Position) => bus.publish(Topics.position, { key: p.terminalPhone, value: p });

  beforeAll(async () => {
    await start();
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'fence');
  });

  it('stores fences and fleet bindings, evaluates into events, and keeps state and history across a restart', async () => {
    const created = await http().post('/gps/fence').set('Authorization', token).send({ name: 'yard', type: 3, geometry: { type: 'polygon', points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40], [116.3, 40]] }, attributes: 8, companyId: '10' }).expect(200);
    const fenceId = String(created.body.data.id);
    await http().post(`/gps/fence/${fenceId}/bind`).set('Authorization', token).send({ fleetIds: ['f1'] }).expect(200);
    await waitFor(() => app.get(FenceCatalogue).isBound('v1', Number(fenceId)), 'binding');
    const t0 = Math.floor(Date.now() / 1000) - 100;
    await drive(position(t0, 116.2, 39.95));
    await drive(position(t0 + 10, 116.35, 39.95));
    await waitFor(() => events.some((e) => e.kind === 'enter'), 'entry');
    // Redelivery of the same position: nothing new.
    await drive(position(t0 + 10, 116.35, 39.95));

    await app.close();
    await start();
    await drive(position(t0 + 30, 116.45, 39.95));
    await waitFor(() => events.some((e) => e.kind === 'exit'), 'exit after restart');
    expect(events.map((e) => e.kind)).toEqual(['enter', 'exit']);
    expect(events[1].detail).toEqual({ stayedS: 20 });
    const cst = (s: number) => new Date(s * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const history = (await http().get(`/gps/fence/events?vehicleId=v1&startTime=${encodeURIComponent(cst(t0 - 5))}&endTime=${encodeURIComponent(cst(t0 + 60))}`).set('Authorization', token).expect(200)).body.data;
    expect(history.map((e: { kind: string }) => e.kind)).toEqual(['enter', 'exit']);
  });

  it('issues through instruction.request.v1 and follows the order events into the vehicle state', async () => {
    const fenceId = String((await http().post('/gps/fence').set('Authorization', token).send({ name: 'ring', type: 1, geometry: { type: 'circle', center: [116.5, 39.8], radiusM: 200 }, attributes: 8, companyId: '10' }).expect(200)).body.data.id);
    await http().post(`/gps/fence/${fenceId}/issue`).set('Authorization', token).send({ vehicleIds: ['v1'] }).expect(200);
    await waitFor(() => requests.some((r) => r.msgId === '0x8600' && r.requestId.includes(`-${fenceId}-`)), 'request');
    const sent = requests.find((r) => r.msgId === '0x8600' && r.requestId.includes(`-${fenceId}-`))!;
    expect(sent).toMatchObject({ source: 'fence', commandType: 'fenceCircle', vehicleId: 'v1', offlinePolicy: 'queue' });
    // What the instruction service would publish: queued (offline), then delivered and answered.
    const order = (status: number, errorCode = 0) => ({ key: '13900000001', value: { orderId: '9', batchId: sent.requestId, vehicleId: 'v1', terminalPhone: '13900000001', plateCode: '', commandType: 'fenceCircle', msgId: '0x8600', status, errorCode, at: Date.now() } });
    const stateOf = async () => (await http().get(`/gps/fence/${fenceId}/issues`).set('Authorization', token).expect(200)).body.data[0];
    await bus.publish(Topics.instructionOrder, order(5));
    await bus.publish(Topics.instructionOrder, order(1));
    await waitFor(async () => (await stateOf()).state === 'issued', 'issued');
  });
});
