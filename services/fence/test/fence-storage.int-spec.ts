// The fence module alone on SQLite and on MariaDB, with an in-process bus the test feeds: fences
// through the API, bindings, positions into events, the evaluator's state and event history across
// a restart on the same storage, a batch handled again after its write failed (the table away for a
// moment), late older positions after an exit, a batch raising more events than one SQLite statement
// holds, and issue states moved by order events.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type FenceEvent, type InstructionRequest, type Position } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv, withTableAway } from '@openfleet/storage';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { FenceModule } from '../src';
import { FenceCatalogue } from '../src/fence/fence-catalogue';
import { FenceEvaluatorService } from '../src/evaluation/fence-evaluator.service';

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
    bus = new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
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

  it('hands a batch whose write failed again from the states before it: its event is stored and the next owner raises nothing new', async () => {
    const fenceId = String((await http().post('/gps/fence').set('Authorization', token).send({ name: 'dock', type: 3, geometry: { type: 'polygon', points: [[117.3, 39.9], [117.4, 39.9], [117.4, 40], [117.3, 40]] }, attributes: 8, companyId: '10' }).expect(200)).body.data.id);
    await http().post(`/gps/fence/${fenceId}/bind`).set('Authorization', token).send({ fleetIds: ['f1'] }).expect(200);
    await waitFor(() => app.get(FenceCatalogue).isBound('v1', Number(fenceId)), 'binding');
    const db = () => app.get<DataSource>(getDataSourceToken('fence'));
    const stored = async () => (await db().query(`SELECT event_id AS id FROM fence_event WHERE fence_id = ${Number(fenceId)} ORDER BY at`)).map((row: { id: string }) => row.id);
    const ofDock = () => [...new Set(events.filter((e) => e.fenceId === fenceId).map((e) => e.eventId))];
    const t1 = Math.floor(Date.now() / 1000);
    await drive(position(t1, 117.2, 39.95));
    // The history table is away while the entry is evaluated: the event goes out, its row and the state cannot be written.
    await withTableAway(db(), 'fence_event', async () => {
      await drive(position(t1 + 10, 117.35, 39.95));
      await waitFor(() => ofDock().length > 0, 'the entry published by the first attempt');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const entry = `13900000001:${fenceId}:enter:${(t1 + 10) * 1000}`;
    await waitFor(async () => (await stored()).includes(entry), 'the entry stored by the retry');
    // The next owner loads the state the retry wrote: still inside is nothing new, leaving is the exit.
    await app.close();
    await start();
    await drive(position(t1 + 20, 117.36, 39.95));
    await drive(position(t1 + 30, 117.45, 39.95));
    const exit = `13900000001:${fenceId}:exit:${(t1 + 30) * 1000}`;
    await waitFor(() => ofDock().includes(exit), 'exit');
    expect(ofDock()).toEqual([entry, exit]);
    expect(await stored()).toEqual([entry, exit]);
  });

  it('takes a late older position after an exit for no new entry, before and after a restart', async () => {
    // A terminal's backlog behind a live report, or a publish retried after later ones, puts an older
    // position in the log after newer ones. Inside a fence the state's last time skips it; the state
    // of a vehicle that left is kept (idle) for the same reason (until stop 47 it was forgotten, and a
    // late position from inside raised an entry, then the next one an exit, neither a real crossing).
    const fenceId = String((await http().post('/gps/fence').set('Authorization', token).send({ name: 'quay', type: 3, geometry: { type: 'polygon', points: [[119.3, 39.9], [119.4, 39.9], [119.4, 40], [119.3, 40]] }, attributes: 8, companyId: '10' }).expect(200)).body.data.id);
    await http().post(`/gps/fence/${fenceId}/bind`).set('Authorization', token).send({ fleetIds: ['f1'] }).expect(200);
    await waitFor(() => app.get(FenceCatalogue).isBound('v1', Number(fenceId)), 'binding');
    const ofQuay = () => events.filter((e) => e.fenceId === fenceId).map((e) => `${e.kind}:${e.at / 1000 - t3}`);
    const t3 = Math.floor(Date.now() / 1000) + 10_000;
    await drive(position(t3, 119.2, 39.95));
    await drive(position(t3 + 10, 119.35, 39.95));
    await drive(position(t3 + 20, 119.45, 39.95));
    await waitFor(() => ofQuay().length === 2, 'entry and exit');
    const evaluated = app.get(FenceEvaluatorService).evaluated;
    await drive(position(t3 + 15, 119.36, 39.95));
    await drive(position(t3 + 22, 119.46, 39.95));
    await waitFor(() => app.get(FenceEvaluatorService).evaluated >= evaluated + 2, 'the late positions evaluated');
    await app.close();
    await start();
    await drive(position(t3 + 12, 119.37, 39.95));
    await drive(position(t3 + 30, 119.38, 39.95));
    await waitFor(() => ofQuay().length >= 3, 'the entry after the restart');
    expect(ofQuay()).toEqual(['enter:10', 'exit:20', 'enter:30']);
  });

  it('stores the events of a batch that raises more than one statement holds', async () => {
    // Four gates one inside the other, a terminal in and out of all four every second: 5,000
    // positions (the most Kafka hands at once; the in-process bus hands smaller batches, so this one
    // goes to the evaluator straight) raise 20,000 events, their ids, times and places all different:
    // unchunked, over the 32,766 variables SQLite holds a statement. (5,000 events of one gate with
    // repeated places did not overflow it: TypeORM's statement held them.)
    const fenceIds: number[] = [];
    for (const [n, d] of [0.01, 0.02, 0.03, 0.04].entries()) {
      const body = { name: `gate ${n}`, type: 3, geometry: { type: 'polygon', points: [[118.35 - d, 39.95 - d], [118.36 + d, 39.95 - d], [118.36 + d, 39.96 + d], [118.35 - d, 39.96 + d]] }, attributes: 8, companyId: '10' };
      fenceIds.push(Number((await http().post('/gps/fence').set('Authorization', token).send(body).expect(200)).body.data.id));
      await http().post(`/gps/fence/${fenceIds[n]}/bind`).set('Authorization', token).send({ fleetIds: ['f1'] }).expect(200);
    }
    await waitFor(() => fenceIds.every((id) => app.get(FenceCatalogue).isBound('v1', id)), 'bindings');
    const POSITIONS = 5_000;
    const t2 = Math.floor(Date.now() / 1000) + 100;
    const batch = Array.from({ length: POSITIONS }, (_, i) => {
      const value = { ...position(t2 + i, (i % 2 ? 118.5 : 118.35) + i * 1e-6, 39.95 + i * 1e-6), speedDkmh: i };
      return { topic: Topics.position.name, partition: 0, offset: String(i), key: value.terminalPhone, value, headers: {}, timestamp: Date.now() };
    });
    await app.get(FenceEvaluatorService).handle(batch);
    const db = app.get<DataSource>(getDataSourceToken('fence'));
    expect(Number((await db.query(`SELECT COUNT(*) AS n FROM fence_event WHERE fence_id IN (${fenceIds.join(',')})`))[0].n)).toBe(POSITIONS * fenceIds.length);
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
