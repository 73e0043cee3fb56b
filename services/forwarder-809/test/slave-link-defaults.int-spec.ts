// GET /platform809/slave-link on SQLite and MariaDB: the port our slave-link server really listens on
// (here a free one, FORWARDER_809_SLAVE_PORT=0), which the platform form pre-fills; an operator with
// the platform page may read it, a role without it is refused, and an unsigned call too.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { Forwarder809Module, LinkManager } from '../src';

jest.setTimeout(120_000);

const user = (roleIds: string[], company: string): AuthUser => ({ id: '21', companyId: company, userType: 1, roleIds, superAdmin: false, scope: { companies: [company], fleets: [] } });

describe.each(['sqlite', 'mysql'] as const)('slave-link listener on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fwdslave'), LOG_LEVEL: 'silent', FORWARDER_809_SLAVE_PORT: '0', AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-01' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  let app: INestApplication;
  const get = (token?: string) => {
    const call = request(app.getHttpServer()).get('/platform809/slave-link');
    return token ? call.set('Authorization', token) : call;
  };
  const sign = async (roles: string[], company = 'c1') => `Bearer ${await app.get(TokenService).sign(user(roles, company))}`;

  beforeAll(async () => {
    await bus.publish(Topics.rolePermissions, [
      { key: 'platformEditor', value: { roleId: 'platformEditor', actionCodes: ['superiorPlatformM:add'], deleted: false, updatedAt: Date.now() } },
      { key: 'alarmsOnly', value: { roleId: 'alarmsOnly', actionCodes: ['alarmHandle', 'alarmHandle:search'], deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-test', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('answers the port the listener took, not 7809', async () => {
    const listening = app.get(LinkManager).slavePort;
    expect(listening).toBeGreaterThan(0);
    expect(listening).not.toBe(7809);
    const answer = await get(await sign(['platformEditor'])).expect(200);
    expect(answer.body).toMatchObject({ flag: true, data: { port: listening, listening: true } });
    // Another company's editor reads the same listener: it is the deployment's, not a company's.
    expect((await get(await sign(['platformEditor'], 'c2')).expect(200)).body.data.port).toBe(listening);
  });

  it('refuses a role without the platform page and a call without a token', async () => {
    const refused = await get(await sign(['alarmsOnly']));
    expect(refused.body).toMatchObject({ flag: false, errorCode: 403 });
    const anonymous = await get();
    expect(anonymous.body.flag).toBe(false);
    expect(anonymous.body.data?.port).toBeUndefined();
  });
});
