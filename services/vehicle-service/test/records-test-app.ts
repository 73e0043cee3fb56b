// The vehicle-service alone on SQLite or MariaDB for the records suites: an in-process bus carrying
// admin's role grants and vehicle registry, and tokens of users with roles narrower than the super
// administrator.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { RECORD_SCREENS, Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { VehicleServiceModule } from '../src';

const CRUD = ['add', 'modify', 'delete', 'search', 'import', 'export'];
const ALL_RECORD_CODES = Object.values(RECORD_SCREENS).flatMap((screen) => CRUD.map((action) => `${screen}:${action}`));

const vehicle = (vehicleId: string, plateCode: string, companyPath: string[], fleetPath: string[] = []): VehicleRegistryEntry => ({
  vehicleId, plateCode, plateColor: 1, vin: '', companyId: companyPath[companyPath.length - 1]!, companyPath, fleetPath, terminalPhone: '', deleted: false, updatedAt: Date.now(),
});

/** v1 and v2 in company c1 (v1 in fleet f1), v3 in c2, v4 in c1 for the due items; c1 and c2 under root. */
export const VEHICLES = [vehicle('v1', '京A00001', ['root', 'c1'], ['f1']), vehicle('v2', '京A00002', ['root', 'c1']), vehicle('v3', '沪B00003', ['root', 'c2']), vehicle('v4', '京A00004', ['root', 'c1'])];

const user = (id: string, company: string, role: string): AuthUser => ({ id, companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });

export interface RecordsTestApp {
  app: INestApplication;
  env: NodeJS.ProcessEnv;
  /** manager (c1, every records code), viewer (c1, insuranceManage:search only), other (c2, every code), root (root, every code). */
  tokens: Record<'manager' | 'viewer' | 'other' | 'root', string>;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

export async function startRecordsApp(engine: 'sqlite' | 'mysql'): Promise<RecordsTestApp> {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'vehicle-service'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'records-test-secret-records-test-secret-0123456' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  await bus.publish(Topics.rolePermissions, [
    { key: 'manager', value: { roleId: 'manager', actionCodes: ALL_RECORD_CODES, deleted: false, updatedAt: Date.now() } },
    { key: 'viewer', value: { roleId: 'viewer', actionCodes: ['insuranceManage:search'], deleted: false, updatedAt: Date.now() } },
  ]);
  await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
  const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'records-test', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule] }).compile()).createNestApplication({ logger: false });
  await app.init();
  await app.get(VehicleRegistry).ready;
  const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
  const tokens = {
    manager: await sign(user('1', 'c1', 'manager')),
    viewer: await sign(user('2', 'c1', 'viewer')),
    other: await sign(user('3', 'c2', 'manager')),
    root: await sign(user('4', 'root', 'manager')),
  };
  return {
    app,
    env,
    tokens,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await dropTestSchema(env, 'vehicle_service');
    },
  };
}
