// Deleting a fence that terminals hold, on SQLite and MariaDB, by a company's fence operator (not a
// super admin): 7002 while it is issued to a vehicle, 7003 while its removal (0x8601) is unanswered,
// deleted once the terminal answered the removal. Another company's operator gets 7008, as for a
// fence that does not exist, and the fence stays.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PermissionCache, TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type InstructionRequest } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { FenceModule } from '../src';

jest.setTimeout(60_000);

const operator = (id: string, companyId: string): AuthUser => ({ id, companyId, userType: 1, roleIds: ['fencer'], superAdmin: false, scope: { companies: [companyId], fleets: [] } });
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(['sqlite', 'mysql'] as const)('fence delete refusals on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fencedel'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'fence-test-secret-fence-test-secret-9876543210' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const requests: InstructionRequest[] = [];
  let app: INestApplication;
  let token: string;
  let stranger: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    await bus.subscribe(Topics.instructionRequest, { group: 'probe', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.vehicleRegistry, { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A1', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } });
    await bus.publish(Topics.rolePermissions, [
      { key: 'fencer', value: { roleId: 'fencer', actionCodes: ['fenceManage:search', 'fenceManage:add', 'fenceManage:delete', 'fenceSend:search', 'fenceSend:send'], deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'fence-delete-test', config: loadConfig(PlatformConfig, env), bus, env }), FenceModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const permissions = app.get(PermissionCache);
    await waitFor(() => permissions.allows(operator('x', '10'), ['fenceManage:delete']), 'role');
    token = `Bearer ${await app.get(TokenService).sign(operator('21', '10'))}`;
    stranger = `Bearer ${await app.get(TokenService).sign(operator('22', '20'))}`;
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'fence');
  });

  it('answers 7002 while issued, 7003 while the removal is unanswered, and deletes once it was answered', async () => {
    const fenceId = Number((await http().post('/gps/fence').set('Authorization', token).send({ name: 'depot', type: 1, geometry: { type: 'circle', center: [116.5, 39.8], radiusM: 300 }, attributes: 8, companyId: '10' }).expect(200)).body.data.id);
    const stateOf = async () => (await http().get(`/gps/fence/${fenceId}/issues`).set('Authorization', token).expect(200)).body.data[0]?.state as string | undefined;
    const answer = async (msgId: string) => {
      await waitFor(() => requests.some((r) => r.msgId === msgId && r.requestId.includes(`-${fenceId}-`)), msgId);
      const sent = requests.filter((r) => r.msgId === msgId && r.requestId.includes(`-${fenceId}-`)).at(-1)!;
      await bus.publish(Topics.instructionOrder, { key: '13900000001', value: { orderId: '9', batchId: sent.requestId, vehicleId: 'v1', terminalPhone: '13900000001', plateCode: '', commandType: sent.commandType, msgId, status: 1, errorCode: 0, at: Date.now() } });
    };
    const remove = async (auth = token) => (await http().del(`/gps/fence/${fenceId}`).set('Authorization', auth).expect(200)).body;

    await http().post(`/gps/fence/${fenceId}/issue`).set('Authorization', token).send({ vehicleIds: ['v1'] }).expect(200);
    await answer('0x8600');
    await waitFor(async () => (await stateOf()) === 'issued', 'issued');
    expect(await remove()).toMatchObject({ flag: false, errorCode: 7002 });

    await http().post(`/gps/fence/${fenceId}/revoke`).set('Authorization', token).send({ vehicleIds: ['v1'] }).expect(200);
    expect(await stateOf()).toBe('deleting');
    expect(await remove()).toMatchObject({ flag: false, errorCode: 7003, data: { removing: 1 } });
    // Another company's operator: like a missing fence, and nothing changes.
    expect(await remove(stranger)).toMatchObject({ flag: false, errorCode: 7008 });

    await answer('0x8601');
    await waitFor(async () => (await stateOf()) === 'deleted', 'deleted on the terminal');
    expect(await remove(stranger)).toMatchObject({ flag: false, errorCode: 7008 });
    expect(await remove()).toMatchObject({ flag: true });
    expect((await http().get(`/gps/fence/${fenceId}`).set('Authorization', token).expect(200)).body.errorCode).toBe(7008);
  });
});
