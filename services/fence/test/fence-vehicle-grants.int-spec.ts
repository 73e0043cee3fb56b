// A user granted single vehicles (token scope {companies: [], fleets: [], vehicles: ['v1']}, a
// fence role that is not super admin), on SQLite and MariaDB: sees, read-only, the fences bound to
// the granted vehicle (directly or through its fleet), in the list, one by one and in the bindings
// view (only the granted vehicle there); not another fence of the same company; and changing,
// deleting, binding or issuing such a fence answers 7008 as another company's fence does.
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

const ROLE_ACTIONS = ['fenceManage:search', 'fenceManage:add', 'fenceManage:modify', 'fenceManage:delete', 'fenceSend:search', 'fenceSend:send'];
const user = (id: string, scope: AuthUser['scope']): AuthUser => ({ id, companyId: '10', userType: 1, roleIds: ['fencer'], superAdmin: false, scope });
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const vehicle = (vehicleId: string, fleetPath: string[], phone: string) => ({
  key: vehicleId,
  value: { vehicleId, plateCode: `京A${vehicleId}`, plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath, terminalPhone: phone, deleted: false, updatedAt: Date.now() },
});

describe.each(['sqlite', 'mysql'] as const)('fences of granted vehicles on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fencevg'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'fence-test-secret-fence-test-secret-9876543210' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const requests: InstructionRequest[] = [];
  let app: INestApplication;
  let owner: string;
  let granted: string;
  const fence: Record<'direct' | 'viaFleet' | 'otherVehicle' | 'unbound', number> = { direct: 0, viaFleet: 0, otherVehicle: 0, unbound: 0 };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    await bus.subscribe(Topics.instructionRequest, { group: 'probe', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
    // Company 10: v1 in fleet 50, v2 in no fleet.
    await bus.publish(Topics.vehicleRegistry, [vehicle('v1', ['50'], '13900000011'), vehicle('v2', [], '13900000012')]);
    await bus.publish(Topics.rolePermissions, [{ key: 'fencer', value: { roleId: 'fencer', actionCodes: ROLE_ACTIONS, deleted: false, updatedAt: Date.now() } }]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'fence-vg-test', config: loadConfig(PlatformConfig, env), bus, env }), FenceModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const permissions = app.get(PermissionCache);
    await waitFor(() => permissions.allows(user('x', { companies: ['10'], fleets: [] }), ['fenceSend:send']), 'role');
    const tokens = app.get(TokenService);
    owner = `Bearer ${await tokens.sign(user('31', { companies: ['10'], fleets: [] }))}`;
    granted = `Bearer ${await tokens.sign(user('32', { companies: [], fleets: [], vehicles: ['v1'] }))}`;

    const create = async (name: string) =>
      Number((await http().post('/gps/fence').set('Authorization', owner).send({ name, type: 1, geometry: { type: 'circle', center: [116.5, 39.8], radiusM: 300 }, attributes: 8, companyId: '10' }).expect(200)).body.data.id);
    const bind = async (id: number, body: { vehicleIds?: string[]; fleetIds?: string[] }) =>
      expect((await http().post(`/gps/fence/${id}/bind`).set('Authorization', owner).send(body).expect(200)).body).toMatchObject({ flag: true });
    for (const key of Object.keys(fence) as (keyof typeof fence)[]) fence[key] = await create(key);
    await bind(fence.direct, { vehicleIds: ['v1', 'v2'] });
    await bind(fence.viaFleet, { fleetIds: ['50'] });
    await bind(fence.otherVehicle, { vehicleIds: ['v2'] });
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'fence');
  });

  it('lists and shows the fences bound to the granted vehicle, directly or through its fleet, and no other of the company', async () => {
    const list = (await http().get('/gps/fence').query({ current: 1, size: 50 }).set('Authorization', granted).expect(200)).body.data;
    expect(list.records.map((row: { id: number }) => Number(row.id)).sort()).toEqual([fence.direct, fence.viaFleet].sort());
    expect(list.total).toBe(2);
    // Marked read-only, so the console offers no edit actions on them.
    expect(list.records.map((row: { readOnly?: boolean }) => row.readOnly)).toEqual([true, true]);
    // The company's own user still sees all four, editable.
    const own = (await http().get('/gps/fence').query({ current: 1, size: 50 }).set('Authorization', owner).expect(200)).body.data;
    expect(own.total).toBe(4);
    expect(own.records.filter((row: { readOnly?: boolean }) => row.readOnly)).toEqual([]);
    expect((await http().get(`/gps/fence/${fence.direct}`).set('Authorization', owner).expect(200)).body.data.readOnly).toBeUndefined();

    expect((await http().get(`/gps/fence/${fence.direct}`).set('Authorization', granted).expect(200)).body).toMatchObject({ flag: true, data: { name: 'direct', readOnly: true } });
    expect((await http().get(`/gps/fence/${fence.viaFleet}`).set('Authorization', granted).expect(200)).body).toMatchObject({ flag: true, data: { name: 'viaFleet' } });
    for (const id of [fence.otherVehicle, fence.unbound]) expect((await http().get(`/gps/fence/${id}`).set('Authorization', granted).expect(200)).body).toMatchObject({ flag: false, errorCode: 7008 });
  });

  it('shows only the granted vehicle in the bindings view', async () => {
    const states = (await http().get(`/gps/fence/${fence.direct}/issues`).set('Authorization', granted).expect(200)).body.data as { vehicleId: string }[];
    expect(states.map((row) => row.vehicleId)).toEqual(['v1']);
    const all = (await http().get(`/gps/fence/${fence.direct}/issues`).set('Authorization', owner).expect(200)).body.data as { vehicleId: string }[];
    expect(all.map((row) => row.vehicleId).sort()).toEqual(['v1', 'v2']);
    expect((await http().get(`/gps/fence/${fence.otherVehicle}/issues`).set('Authorization', granted).expect(200)).body).toMatchObject({ flag: false, errorCode: 7008 });
  });

  it('refuses to change, delete, bind, unbind, issue or revoke a fence it sees through its vehicle, as for a missing fence', async () => {
    const body = { name: 'renamed', type: 1, geometry: { type: 'circle', center: [116.5, 39.8], radiusM: 500 }, attributes: 8, companyId: '10' };
    const refused = { flag: false, errorCode: 7008 };
    expect((await http().put(`/gps/fence/${fence.direct}`).set('Authorization', granted).send(body).expect(200)).body).toMatchObject(refused);
    expect((await http().del(`/gps/fence/${fence.viaFleet}`).set('Authorization', granted).expect(200)).body).toMatchObject(refused);
    expect((await http().post(`/gps/fence/${fence.direct}/bind`).set('Authorization', granted).send({ vehicleIds: ['v1'] }).expect(200)).body).toMatchObject(refused);
    expect((await http().post(`/gps/fence/${fence.direct}/unbind`).set('Authorization', granted).send({ vehicleIds: ['v1'] }).expect(200)).body).toMatchObject(refused);
    expect((await http().post(`/gps/fence/${fence.direct}/issue`).set('Authorization', granted).send({ vehicleIds: ['v1'] }).expect(200)).body).toMatchObject(refused);
    expect((await http().post(`/gps/fence/${fence.direct}/revoke`).set('Authorization', granted).send({ vehicleIds: ['v1'] }).expect(200)).body).toMatchObject(refused);
    expect(requests).toEqual([]);

    // Nothing changed: same name and version, still bound to both vehicles, the fleet fence still there.
    const direct = (await http().get(`/gps/fence/${fence.direct}`).set('Authorization', owner).expect(200)).body.data;
    expect(direct).toMatchObject({ name: 'direct', version: 1 });
    expect(((await http().get(`/gps/fence/${fence.direct}/issues`).set('Authorization', owner).expect(200)).body.data as unknown[]).length).toBe(2);
    expect((await http().get(`/gps/fence/${fence.viaFleet}`).set('Authorization', owner).expect(200)).body.flag).toBe(true);
    // The owner may still change it: the refusal was the grant, not the role.
    expect((await http().put(`/gps/fence/${fence.direct}`).set('Authorization', owner).send(body).expect(200)).body).toMatchObject({ flag: true });
  });
});
