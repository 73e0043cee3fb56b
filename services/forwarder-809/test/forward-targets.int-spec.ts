// A platform's forwarding group through the HTTP API with the deployment's body limits (1 MB), on
// SQLite and MariaDB: 10,000 entries are taken in bulk, duplicates once; a longer list is refused
// by its length alone (the answer names the length, no item was looked at), a bad item by index,
// and an out-of-scope company with 403, each leaving the stored group as it was.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { hardenHttp, PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { Forwarder809Module } from '../src';

jest.setTimeout(120_000);

const operator: AuthUser = { id: '21', companyId: 'c1', userType: 1, roleIds: ['platform809'], superAdmin: false, scope: { companies: ['c1'], fleets: [] } };
const VEHICLES = 10_000;

describe.each(['sqlite', 'mysql'] as const)('forwarding group limits on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fwdtargets'), LOG_LEVEL: 'silent', FORWARDER_809_SLAVE_PORT: '0', AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-01' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  let app: INestApplication;
  let token: string;
  let platformId: number;
  const vehicles = Array.from({ length: VEHICLES }, (_, v) => ({ kind: 'vehicle', refId: `v${v}` }));
  const put = (body: unknown) => request(app.getHttpServer()).put(`/platform809/platforms/${platformId}/targets`).set('Authorization', token).send(body as object);
  const stored = async () => (await request(app.getHttpServer()).get(`/platform809/platforms/${platformId}/targets`).set('Authorization', token).expect(200)).body.data as { kind: string; refId: string }[];

  beforeAll(async () => {
    await bus.publish(Topics.rolePermissions, { key: 'platform809', value: { roleId: 'platform809', actionCodes: ['superiorPlatformM', 'superiorPlatformM:search', 'superiorPlatformM:add', 'superiorPlatformM:modify'], deleted: false, updatedAt: Date.now() } });
    await bus.publish(
      Topics.vehicleRegistry,
      vehicles.map(({ refId }) => ({ key: refId, value: { vehicleId: refId, plateCode: `京B${refId}`, plateColor: 1, vin: '', companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } })),
    );
    // As the services start (bootstrap.ts): our body parser with its 1 MB limit.
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-test', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false, bodyParser: false });
    hardenHttp(app);
    await app.init();
    token = `Bearer ${await app.get(TokenService).sign(operator)}`;
    const created = await request(app.getHttpServer()).post('/platform809/platforms').set('Authorization', token)
      .send({ name: '省级监管平台', edition: '2019', mainIp: '127.0.0.1', mainPort: 1, slaveIp: '127.0.0.1', slavePort: 2, userId: 1, password: 'pw', accessCode: 1, enabled: false }).expect(200);
    platformId = created.body.data.id;
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('takes 10,000 vehicles and companies at once, a duplicate stored once', async () => {
    const started = Date.now();
    expect((await put({ targets: vehicles }).expect(200)).body).toMatchObject({ flag: true });
    process.stdout.write(`forwarder-809 ${engine}: PUT 10,000 targets in ${Date.now() - started} ms\n`);
    expect(await stored()).toHaveLength(VEHICLES);
    await put({ targets: [{ kind: 'company', refId: 'c1' }, { kind: 'company', refId: 'c1' }, ...vehicles.slice(0, 9_998)] }).expect(200);
    const group = await stored();
    expect(group).toHaveLength(9_999);
    expect(group.filter((t) => t.kind === 'company')).toEqual([expect.objectContaining({ refId: 'c1' })]);
  });

  it('refuses a list over 10,000 by its length, before looking at any item', async () => {
    const over = await put({ targets: [...vehicles, { kind: 'vehicle', refId: 'v0' }] }).expect(200);
    expect(over.body).toMatchObject({ flag: false, errorCode: 400, data: { field: 'targets', max: 10_000, length: 10_001 } });
    // Empty items: the answer is about the length, not about the first bad item.
    const junk = await put({ targets: new Array(15_000).fill({}) });
    expect(junk.body).toMatchObject({ flag: false, errorCode: 400, data: { field: 'targets', max: 10_000, length: 15_000 } });
    expect(await stored()).toHaveLength(9_999);
  });

  it('refuses a bad item by its index, an unknown field, and a company out of scope, keeping the group', async () => {
    const bad = await put({ targets: [{ kind: 'vehicle', refId: 'v1' }, { kind: 'fleet', refId: 'f1' }] });
    expect(bad.body).toMatchObject({ flag: false, errorCode: 400 });
    expect(JSON.stringify(bad.body.data)).toContain('targets[1]');
    expect((await put({ targets: [{ kind: 'vehicle', refId: 'v1', extra: 1 }] })).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await put({ targets: [], other: 1 })).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await put({ targets: 'v1' })).body).toMatchObject({ flag: false, errorCode: 400 });
    expect((await put({ targets: [...vehicles.slice(0, 9_000), { kind: 'company', refId: 'c2' }] })).body).toMatchObject({ flag: false, errorCode: 403 });
    expect(await stored()).toHaveLength(9_999);
    await put({ targets: [] }).expect(200);
    expect(await stored()).toEqual([]);
  });
});
