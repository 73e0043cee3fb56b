// Why a superior platform's main link is down, as spec §8 codes in the link status, on SQLite and
// MariaDB over real TCP: 3114 when nothing answers at the platform's address, 3115 when the superior
// refuses our 0x1001 login, 0 once online. A watcher with the `platform` screen only sees its own
// company's platforms; another company's platform is not in its list and answers 410 like a deleted one.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PermissionCache, TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { SuperiorPlatformSimulator } from '@openfleet/jt809';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { createServer } from 'node:net';
import request from 'supertest';
import { Forwarder809Module } from '../src';

jest.setTimeout(90_000);

const keys = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };
const user = (id: string, companies: string[], roleIds: string[]): AuthUser => ({ id, companyId: companies[0], userType: 1, roleIds, superAdmin: false, scope: { companies, fleets: [] } });

interface StatusRow {
  platformId: number;
  main: string;
  loginResult: number;
  errorCode: number;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(['sqlite', 'mysql'] as const)('superior platform link errors on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fwderr'), LOG_LEVEL: 'silent', FORWARDER_809_SLAVE_PORT: '0', FORWARDER_809_RECONNECT_MIN_MS: '50', FORWARDER_809_RECONNECT_MAX_MS: '200', AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-02' };
  const superior = new SuperiorPlatformSimulator({ edition: '2011', accounts: [{ userId: 7001, password: 'pw7001', accessCode: 770001 }], keys, encrypt: false });
  let app: INestApplication;
  let manager: string;
  let watcher: string;
  let stranger: string;
  const api = () => request(app.getHttpServer());
  const body = (name: string, mainPort: number, password = 'pw7001') => ({
    name, edition: '2011', mainIp: '127.0.0.1', mainPort, slaveIp: '127.0.0.1', slavePort: 1, userId: 7001, password, accessCode: 770001, platformCode: '12345678901', ...keys, encrypt: false, keepAliveS: 5,
  });
  const statuses = async (auth: string) => (await api().get('/platform809/platforms/status').set('Authorization', auth).expect(200)).body.data as StatusRow[];
  const waitFor = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    await superior.listen();
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'manager', value: { roleId: 'manager', actionCodes: ['superiorPlatformM', 'superiorPlatformM:search', 'superiorPlatformM:add', 'superiorPlatformM:delete', 'platform'], deleted: false, updatedAt: Date.now() } },
      { key: 'watcher', value: { roleId: 'watcher', actionCodes: ['platform'], deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-errors-test', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const permissions = app.get(PermissionCache);
    await waitFor(async () => permissions.allows(user('x', ['c1'], ['watcher']), ['platform']), 'roles');
    const tokens = app.get(TokenService);
    manager = `Bearer ${await tokens.sign(user('31', ['c1'], ['manager']))}`;
    watcher = `Bearer ${await tokens.sign(user('32', ['c1'], ['watcher']))}`;
    stranger = `Bearer ${await tokens.sign(user('33', ['c2'], ['manager']))}`;
  });

  afterAll(async () => {
    await app?.close();
    await superior.close();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('reports 3114 for an unreachable platform, 3115 for a refused login and 0 once online', async () => {
    const add = async (name: string, port: number, password?: string) => (await api().post('/platform809/platforms').set('Authorization', manager).send(body(name, port, password)).expect(200)).body.data.id as number;
    const unreachable = await add('unreachable', await closedPort());
    const refused = await add('refused', superior.port, 'nope');
    const online = await add('online', superior.port);
    const of = async (id: number) => (await statuses(watcher)).find((row) => row.platformId === id);
    await waitFor(async () => (await of(unreachable))?.errorCode === 3114 && (await of(refused))?.errorCode === 3115 && (await of(online))?.main === 'online', 'link errors');
    expect(await of(unreachable)).toMatchObject({ errorCode: 3114, loginResult: -1 });
    expect((await of(unreachable))?.main).not.toBe('online');
    expect(await of(refused)).toMatchObject({ main: 'refused', errorCode: 3115, loginResult: 4 });
    expect(await of(online)).toMatchObject({ main: 'online', errorCode: 0, loginResult: 0 });

    // Another company: none of them listed, each answers like a deleted one.
    expect((await statuses(stranger)).map((row) => row.platformId)).toEqual([]);
    expect((await api().get(`/platform809/platforms/${refused}`).set('Authorization', stranger).expect(200)).body.errorCode).toBe(410);
    // The watcher may see the status but not the settings.
    expect((await api().get(`/platform809/platforms/${refused}`).set('Authorization', watcher).expect(200)).body.errorCode).toBe(403);
    await api().post('/platform809/platforms/delete').set('Authorization', manager).send({ ids: [unreachable, refused, online] }).expect(200);
  });
});
