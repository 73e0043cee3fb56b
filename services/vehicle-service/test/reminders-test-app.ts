// The vehicle-service on SQLite or MariaDB for the reminders suite: instances sharing one storage
// (and one in-process bus carrying admin's role grants and vehicle registry), so two instances and
// a restart meet the same tables, and tokens of users narrower than the super administrator.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { VehicleServiceModule } from '../src';

const REMINDER_CODES = ['reminderList:search', 'reminderList:modify', 'reminderSettings:search', 'reminderSettings:modify'];
const RECORD_CODES = ['insuranceManage', 'maintenanceManage', 'annualInspection'].flatMap((screen) => ['add', 'modify', 'search'].map((action) => `${screen}:${action}`));

const vehicle = (vehicleId: string, plateCode: string, companyPath: string[]): VehicleRegistryEntry => ({
  vehicleId, plateCode, plateColor: 1, vin: '', companyId: companyPath[companyPath.length - 1]!, companyPath, fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now(),
});

/** v1, v2, v4 in company c1; v3 in c2; c1 and c2 under root. */
export const VEHICLES = [vehicle('v1', '京A00001', ['root', 'c1']), vehicle('v2', '京A00002', ['root', 'c1']), vehicle('v3', '沪B00003', ['root', 'c2']), vehicle('v4', '京A00004', ['root', 'c1'])];

const user = (id: string, company: string, role: string): AuthUser => ({ id, companyId: company, userType: 1, roleIds: [role], superAdmin: false, scope: { companies: [company], fleets: [] } });

export type Who = 'manager' | 'clerk' | 'other';

export interface ReminderInstance {
  app: INestApplication;
  bus: InProcessBus;
  http: () => ReturnType<typeof request>;
}

export interface RemindersTestSetup {
  env: NodeJS.ProcessEnv;
  /** manager (c1: records and reminder codes), clerk (c1: records only), other (c2: every code). */
  tokens: Record<Who, string>;
  /** The first instance. */
  a: ReminderInstance;
  /** Another vehicle-service instance on the same storage and bus (the automatic sweep off, the test drives it). */
  start: () => Promise<ReminderInstance>;
  close: () => Promise<void>;
}

export async function setUpReminders(engine: 'sqlite' | 'mysql'): Promise<RemindersTestSetup> {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'vehicle-service'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'reminders-test-secret-reminders-test-secret-012', REMINDER_SWEEP_ENABLED: 'false' };
  const apps: INestApplication[] = [];
  // Each instance has its own bus (closing an app closes its bus), carrying admin's grants and registry.
  const start = async (): Promise<ReminderInstance> => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.rolePermissions, [
      { key: 'manager', value: { roleId: 'manager', actionCodes: [...RECORD_CODES, ...REMINDER_CODES], deleted: false, updatedAt: Date.now() } },
      { key: 'clerk', value: { roleId: 'clerk', actionCodes: RECORD_CODES, deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, VEHICLES.map((value) => ({ key: value.vehicleId, value })));
    const module = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'reminders-test', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule] }).compile();
    const app = module.createNestApplication({ logger: false });
    await app.init();
    await app.get(VehicleRegistry).ready;
    apps.push(app);
    return { app, bus, http: () => request(app.getHttpServer()) };
  };
  const first = await start();
  const sign = async (u: AuthUser) => `Bearer ${await first.app.get(TokenService).sign(u)}`;
  const tokens = { manager: await sign(user('1', 'c1', 'manager')), clerk: await sign(user('2', 'c1', 'clerk')), other: await sign(user('3', 'c2', 'manager')) };
  return {
    env,
    tokens,
    a: first,
    start,
    close: async () => {
      for (const app of apps) await app.close().catch(() => undefined);
      await dropTestSchema(env, 'vehicle_service');
    },
  };
}
