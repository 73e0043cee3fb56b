// The vehicle-service alone on SQLite or MariaDB for the operation suite (directVehicle,
// manageService, specialBusiness): an in-process bus carrying admin's role grants and vehicle
// registry, and tokens of users narrower than the super administrator.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { OPERATION_SCREENS, Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { VehicleServiceModule } from '../src';

const CRUD = ['add', 'modify', 'delete', 'search', 'import', 'export'];
const ALL_CODES = Object.values(OPERATION_SCREENS).flatMap((screen) => CRUD.map((action) => `${screen}:${action}`));

const vehicle = (vehicleId: string, plateCode: string, companyPath: string[], fleetPath: string[] = []): VehicleRegistryEntry => ({
  vehicleId, plateCode, plateColor: 1, vin: '', companyId: companyPath[companyPath.length - 1]!, companyPath, fleetPath, terminalPhone: '', deleted: false, updatedAt: Date.now(),
});

/** v1 and v2 in company c1 (v1 in fleet f1), v3 in c2. */
export const VEHICLES = [vehicle('v1', '京A10001', ['root', 'c1'], ['f1']), vehicle('v2', '京A10002', ['root', 'c1']), vehicle('v3', '沪B10003', ['root', 'c2'])];

const user = (id: string, company: string, role: string, fleets: string[] = []): AuthUser => ({
  id, companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: fleets.length ? [] : [company], fleets },
});

export interface OperationTestApp {
  /** manager (c1, every code), viewer (c1, search only on the three screens), other (c2, every code), fleet (fleet f1 only, every code). */
  tokens: Record<'manager' | 'viewer' | 'other' | 'fleet', string>;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

export async function startOperationApp(engine: 'sqlite' | 'mysql'): Promise<OperationTestApp> {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'vehicle-service'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'operation-test-secret-operation-test-secret-0123' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  await bus.publish(Topics.rolePermissions, [
    { key: 'manager', value: { roleId: 'manager', actionCodes: ALL_CODES, deleted: false, updatedAt: Date.now() } },
    { key: 'viewer', value: { roleId: 'viewer', actionCodes: Object.values(OPERATION_SCREENS).map((screen) => `${screen}:search`), deleted: false, updatedAt: Date.now() } },
  ]);
  await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
  const module = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'operation-test', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule] }).compile();
  const app: INestApplication = module.createNestApplication({ logger: false });
  await app.init();
  await app.get(VehicleRegistry).ready;
  const sign = async (u: AuthUser) => `Bearer ${await app.get(TokenService).sign(u)}`;
  const tokens = {
    manager: await sign(user('1', 'c1', 'manager')),
    viewer: await sign(user('2', 'c1', 'viewer')),
    other: await sign(user('3', 'c2', 'manager')),
    fleet: await sign(user('5', 'c1', 'manager', ['f1'])),
  };
  return {
    tokens,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await dropTestSchema(env, 'vehicle_service');
    },
  };
}
