// A superior's monitoring requests survive a forwarder restart, on SQLite (2011) and MariaDB (2019
// enciphered), over real TCP: a text (0x9503) whose order ends while the forwarder is down, a photo
// (0x9502) whose 0x0801 upload comes after the restart, and a listen-in (0x9501) that never ends,
// each answered exactly once on the new process. The bus outlives the forwarder, as Kafka does.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger, type EventBus } from '@openfleet/bus';
import { InstructionStatus, Topics, type InstructionRequest } from '@openfleet/contracts';
import { SuperiorPlatformSimulator, type BusinessBody } from '@openfleet/jt809';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { Forwarder809Module, LinkManager } from '../src';
import { MonitoringService } from '../src/inbound/monitoring.service';

jest.setTimeout(120_000);

const keys = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };
const operator: AuthUser = { id: '21', companyId: 'c1', userType: 1, roleIds: ['platform809'], superAdmin: false, scope: { companies: ['c1'], fleets: [] } };
const phone = '13900000001';

describe.each([
  ['sqlite', '2011'],
  ['mysql', '2019'],
] as const)('monitoring requests across a forwarder restart on %s, JT/T 809-%s', (engine, edition) => {
  // One data directory (or schema) for both processes, and a fixed slave port the superior keeps using.
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, `fwdmon${edition}`), LOG_LEVEL: 'silent', FORWARDER_809_SLAVE_PORT: '0', FORWARDER_809_RECONNECT_MIN_MS: '50', FORWARDER_809_RECONNECT_MAX_MS: '200', AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-01' };
  const superior = new SuperiorPlatformSimulator({ edition, accounts: [{ userId: 5001, password: 'pw5001', accessCode: 880001 }], keys, encrypt: edition === '2019' });
  const bus = new InProcessBus({ logger: silentBusLogger });
  // The broker outlives the forwarder: closing the app leaves the bus (and its groups' offsets) open.
  const broker: EventBus = { kind: bus.kind, publish: (topic, records) => bus.publish(topic, records), subscribe: (topic, options) => bus.subscribe(topic, options), isHealthy: () => bus.isHealthy(), close: async () => undefined };
  const requests: InstructionRequest[] = [];
  let app: INestApplication | undefined;

  const start = async () => {
    const started = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-test', config: loadConfig(PlatformConfig, env), bus: broker, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
    await started.init();
    return started;
  };
  const answers = (dataType: number) => superior.messages(0x1500, dataType).map((m) => (m.body as BusinessBody).data);
  const requestOf = (msgId: string) => superior.waitFor(() => requests.find((r) => r.msgId === msgId), `the ${msgId} order request`);
  const orderEnded = (batchId: string, msgId: string, status: number) =>
    bus.publish(Topics.instructionOrder, { key: phone, value: { orderId: '1', batchId, vehicleId: 'v1', terminalPhone: phone, plateCode: '京A00001', commandType: 'platform809', msgId, status, errorCode: 0, at: Date.now() } });

  beforeAll(async () => {
    await superior.listen();
    await bus.publish(Topics.rolePermissions, { key: 'platform809', value: { roleId: 'platform809', actionCodes: ['superiorPlatformM', 'superiorPlatformM:add', 'superiorPlatformM:modify'], deleted: false, updatedAt: Date.now() } });
    await bus.publish(Topics.vehicleRegistry, { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A00001', plateColor: 1, vin: 'LVIN0000000000001', companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: phone, deleted: false, updatedAt: Date.now() } });
    await bus.subscribe(Topics.instructionRequest, { group: 'test-requests', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
  });

  afterAll(async () => {
    await app?.close();
    await superior.close();
    await bus.close();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('answers each request once after the restart: from an order that ended meanwhile, a later upload, and expiry', async () => {
    app = await start();
    const token = `Bearer ${await app.get(TokenService).sign(operator)}`;
    const api = request(app.getHttpServer());
    const created = await api.post('/platform809/platforms').set('Authorization', token).send({
      name: '省级监管平台', edition, mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: app.get(LinkManager).slavePort, userId: 5001, password: 'pw5001', accessCode: 880001,
      platformCode: '12345678901', ...keys, encrypt: edition === '2019', keepAliveS: 5,
    }).expect(200);
    await request(app.getHttpServer()).put(`/platform809/platforms/${created.body.data.id}/targets`).set('Authorization', token).send({ targets: [{ kind: 'company', refId: 'c1' }] }).expect(200);
    await superior.waitFor(() => superior.mainUp || undefined, 'main link');

    superior.request(0x9500, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9503, data: { msgSequence: 31, priority: 1, content: '请减速慢行' } });
    superior.request(0x9500, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9502, data: { lensId: 1, sizeType: 2 } });
    superior.request(0x9500, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9501, data: { monitorTel: '01012345678' } });
    const [text, photo] = [await requestOf('0x8300'), await requestOf('0x8801'), await requestOf('0x8400')];

    // The forwarder stops before any terminal answer; the text's order ends while it is down.
    await app.close();
    app = undefined;
    await orderEnded(text.requestId, '0x8300', InstructionStatus.SUCCESS);
    app = await start();

    const texted = await superior.waitFor(() => answers(0x1503)[0], '0x1503 after the restart');
    expect(texted).toMatchObject(edition === '2019' ? { sourceDataType: 0x9503, result: 0 } : { msgId: 31, result: 0 });

    await orderEnded(photo.requestId, '0x8801', InstructionStatus.SUCCESS);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(500, 7), Buffer.from('ffd9', 'hex')]);
    await bus.publish(Topics.terminalUplink, {
      key: phone,
      value: { terminalPhone: phone, msgId: '0x0801', version: '2013', serial: 9, receivedAt: Date.now(), gatewayId: 'g1', vehicleId: 'v1', body: { mediaId: 1, mediaType: 0, format: 0, event: 0, channel: 1, location: { latitude: 39.9, longitude: 116.4, time: new Date().toISOString() }, data: jpeg.toString('hex') } },
    });
    const taken = (await superior.waitFor(() => answers(0x1502)[0], '0x1502 after the restart')) as { photoRspFlag: number; lensId: number; photo: Buffer };
    expect(taken).toMatchObject({ photoRspFlag: 1, lensId: 1 });
    expect(taken.photo.equals(jpeg)).toBe(true);

    // The listen-in's order never ends: at expiry the superior hears "failed", not nothing.
    expect(answers(0x1501)).toEqual([]);
    await app.get(MonitoringService).sweep(Date.now() + 11 * 60_000);
    const listened = await superior.waitFor(() => answers(0x1501)[0], '0x1501 at expiry');
    expect(listened).toMatchObject({ result: 1 });

    // Replayed or late events change nothing: one answer each.
    await orderEnded(text.requestId, '0x8300', InstructionStatus.SUCCESS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([answers(0x1501).length, answers(0x1502).length, answers(0x1503).length]).toEqual([1, 1, 1]);
    expect(app.get(MonitoringService).waiting).toBe(0);
  });
});
