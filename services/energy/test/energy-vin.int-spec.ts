// Issue 28: a vehicle's energy data found by its VIN (newEnergy), within the caller's vehicle scope:
// another company's VIN answers 8002 like one nobody has; the codes decide who may ask.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { EnergyModule } from '../src';

const VIN = 'LSJMEV0A1NS000201';
const OTHER_VIN = 'LSJMEV0A1NS000202';
const user = (company: string, role: string): AuthUser => ({ id: '41', companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });

describe.each(['sqlite', 'mysql'] as const)('energy by VIN on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'energy-vin-secret-energy-vin-secret-0123456789' };
  let app: INestApplication;
  const tokens: Record<string, string> = {};
  const ask = (who: string, vin: string) => request(app.getHttpServer()).get(`/energy/vehicle-by-vin?vin=${encodeURIComponent(vin)}`).set('Authorization', tokens[who]).then((r) => r.body as { flag: boolean; errorCode: number; data: Record<string, unknown> });

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    const now = Date.now();
    await bus.publish(Topics.rolePermissions, [
      { key: 'energy', value: { roleId: 'energy', actionCodes: ['newEnergy', 'newEnergy:search'], deleted: false, updatedAt: now } },
      // A monitor-only role reads the info panel's battery tab, not the newEnergy screen's VIN search.
      { key: 'monitor', value: { roleId: 'monitor', actionCodes: ['multiCar'], deleted: false, updatedAt: now } },
    ]);
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD10201', plateColor: 5, vin: VIN, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } },
      { key: 'ev2', value: { vehicleId: 'ev2', plateCode: '沪AD10202', plateColor: 5, vin: OTHER_VIN, companyId: 'c2', companyPath: ['root', 'c2'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'energy-vin-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const sign = (who: AuthUser) => app.get(TokenService).sign(who).then((token) => `Bearer ${token}`);
    tokens.c1 = await sign(user('c1', 'energy'));
    tokens.c2 = await sign(user('c2', 'energy'));
    tokens.monitor = await sign(user('c1', 'monitor'));
    tokens.admin = await sign({ ...user('root', 'energy'), superAdmin: true, scope: { companies: [], fleets: [] } });
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  it('finds the caller’s vehicle by VIN in any case, with no report yet', async () => {
    expect((await ask('c1', VIN)).data).toEqual({ vehicleId: 'ev1', plateCode: '京AD10201', plateColor: 5, vin: VIN, latest: null });
    expect((await ask('c1', ` ${VIN.toLowerCase()} `)).data).toMatchObject({ vehicleId: 'ev1' });
    expect((await ask('admin', OTHER_VIN)).data).toMatchObject({ vehicleId: 'ev2' });
  });

  it('answers another company’s VIN like an unknown one, refuses a malformed VIN and a role without the code', async () => {
    const foreign = await ask('c1', OTHER_VIN);
    const unknown = await ask('c1', 'LSJMEV0A1NS999999');
    expect([foreign.errorCode, unknown.errorCode]).toEqual([8002, 8002]);
    expect(foreign.data).toEqual(OTHER_VIN);
    expect((await ask('c2', OTHER_VIN)).data).toMatchObject({ vehicleId: 'ev2' });
    expect((await ask('c1', 'LSJMEV0A1NS0002')).errorCode).toBe(400);
    expect((await ask('c1', 'LSJMEV0A1NS00020O')).errorCode).toBe(400);
    expect((await ask('monitor', VIN)).errorCode).toBe(403);
    expect((await request(app.getHttpServer()).get(`/energy/vehicle-by-vin?vin=${VIN}`)).status).toBe(401);
  });
});
