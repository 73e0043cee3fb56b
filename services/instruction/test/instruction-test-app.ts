// The instruction module alone, on a fresh SQLite directory or a fresh MariaDB schema, with an
// in-process bus the test publishes registry snapshots, vehicle states and gateway results on.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger, type EventBus } from '@openfleet/bus';
import { Topics, type TerminalRegistryEntry, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { InstructionModule } from '../src';
import { TerminalDirectory } from '../src/registry/terminal-directory';

export type Engine = 'sqlite' | 'mysql';

export interface InstructionTestApp {
  app: INestApplication;
  bus: EventBus;
  http: () => ReturnType<typeof request>;
  tokenFor: (user: AuthUser) => Promise<string>;
  close: () => Promise<void>;
}

export async function startInstruction(engine: Engine, extraEnv: Record<string, string> = {}): Promise<InstructionTestApp> {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv(engine, 'instruction'),
    LOG_LEVEL: 'silent',
    AUTH_JWT_SECRET: 'instruction-test-secret-instruction-test-secret',
    // Sweeps are driven by the tests.
    INSTRUCTION_SWEEP_MS: '3600000',
    ...extraEnv,
  };
  const config = loadConfig(PlatformConfig, env);
  const bus = new InProcessBus({ logger: silentBusLogger });
  const moduleRef = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'instruction-test', config, bus, env }), InstructionModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  const tokens = app.get(TokenService);
  return {
    app,
    bus,
    http: () => request(app.getHttpServer()),
    tokenFor: async (user) => `Bearer ${await tokens.sign(user)}`,
    close: async () => {
      await app.close();
      await dropTestSchema(env, 'instruction');
    },
  };
}

export const superAdmin: AuthUser = { id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
export const companyUser = (companyId: string): AuthUser => ({ id: `u${companyId}`, companyId, userType: 1, roleIds: [], superAdmin: false, scope: { companies: [companyId], fleets: [] } });

export function vehicleEntry(vehicleId: string, terminalPhone: string, companyPath: string[]): VehicleRegistryEntry {
  return { vehicleId, plateCode: `京A${vehicleId.padStart(5, '0')}`, plateColor: 1, vin: '', companyId: companyPath.at(-1) ?? '', companyPath, fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() };
}

export function terminalEntry(terminalPhone: string, protocolVersion: string, vehicleId: string): TerminalRegistryEntry {
  return { terminalPhone, terminalId: `t${vehicleId}`, terminalCode: 'ABC1234', vehicleId, plateCode: '', plateColor: 1, companyId: '', authCode: '', registrationState: 1, protocolVersion, deleted: false, updatedAt: Date.now() };
}

/** Registers vehicles with their terminals and waits until the directory holds them. */
export async function register(test: InstructionTestApp, vehicles: VehicleRegistryEntry[], edition = '2013'): Promise<void> {
  await test.bus.publish(Topics.vehicleRegistry, vehicles.map((value) => ({ key: value.vehicleId, value })));
  await test.bus.publish(Topics.terminalRegistry, vehicles.map((v) => ({ key: v.terminalPhone, value: terminalEntry(v.terminalPhone, edition, v.vehicleId) })));
  const directory = test.app.get(TerminalDirectory);
  await waitFor(() => vehicles.every((v) => directory.vehicles.byVehicleId(v.vehicleId)), 10_000, 'registry');
}

/** Tracking's vehicle state for terminals: online (1) or offline (0). */
export async function setOnline(test: InstructionTestApp, phones: string[], online: boolean): Promise<void> {
  const updatedAt = Date.now();
  await test.bus.publish(
    Topics.vehicleState,
    phones.map((terminalPhone) => ({ key: terminalPhone, value: { terminalPhone, vehicleId: '', vehicleStatus: online ? 1 : 0, locateStatus: 1, displayStatus: 'driving', gpsTimeS: 0, latitude: 0, longitude: 0, speedKmh: 0, direction: 0, alarmFlags: 0, updatedAt } })),
  );
  const directory = test.app.get(TerminalDirectory);
  await waitFor(() => phones.every((phone) => directory.isOnline(phone) === online), 10_000, 'vehicle state');
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
