import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { PermissionCache, TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger, type EventBus } from '@openfleet/bus';
import { Topics, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { createConnection } from 'mysql2/promise';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { TrackingModule } from '../src';

export const TEST_SECRET = 'tracking-e2e-secret-tracking-e2e-secret-0123';
export type Engine = 'sqlite' | 'mysql';

export interface TrackingTestApp {
  app: INestApplication;
  bus: EventBus;
  env: NodeJS.ProcessEnv;
  http: () => ReturnType<typeof request>;
  tokenFor: (user: AuthUser) => Promise<string>;
  /** Closes the app; the database stays (restart tests reopen it). */
  stop: () => Promise<void>;
  /** Closes and drops the MariaDB schema. */
  close: () => Promise<void>;
}

export interface StartOptions {
  bus?: EventBus;
  /** Reuse the storage of a previous run (restart tests). */
  env?: NodeJS.ProcessEnv;
  extraEnv?: Record<string, string>;
}

/** The tracking module alone on a fresh SQLite directory or a fresh MariaDB schema. */
export async function startTracking(engine: Engine, options: StartOptions = {}): Promise<TrackingTestApp> {
  const prefix = `openfleet_tracking_test_${process.pid}_${Date.now() % 1000000}_`;
  const env: NodeJS.ProcessEnv = options.env ?? {
    LOG_LEVEL: 'silent',
    DB_ENGINE: engine,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-tracking-')),
    MYSQL_HOST: process.env.MYSQL_HOST ?? '127.0.0.1',
    MYSQL_PORT: process.env.MYSQL_PORT ?? '3306',
    MYSQL_USER: process.env.MYSQL_USER ?? 'root',
    MYSQL_PASSWORD: process.env.MYSQL_PASSWORD ?? '',
    MYSQL_DATABASE_PREFIX: prefix,
    AUTH_JWT_SECRET: TEST_SECRET,
    ...options.extraEnv,
  };
  const config = loadConfig(PlatformConfig, env);
  const bus = options.bus ?? new InProcessBus({ logger: silentBusLogger });
  const moduleRef = await Test.createTestingModule({
    imports: [PlatformModule.forRoot({ processName: 'tracking-test', config, bus, env }), TrackingModule],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  const tokens = app.get(TokenService);
  const stop = () => app.close();
  return {
    app,
    bus,
    env,
    http: () => request(app.getHttpServer()),
    tokenFor: async (user) => `Bearer ${await tokens.sign(user)}`,
    stop,
    close: async () => {
      await stop();
      if (env.DB_ENGINE === 'mysql') await dropSchema(config, `${env.MYSQL_DATABASE_PREFIX}tracking`);
    },
  };
}

export async function dropSchema(config: PlatformConfig, schema: string): Promise<void> {
  const connection = await createConnection({ host: config.MYSQL_HOST, port: config.MYSQL_PORT, user: config.MYSQL_USER, password: config.MYSQL_PASSWORD });
  await connection.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  await connection.end();
}

export const superAdmin: AuthUser = { id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
export const companyUser = (companyId: string): AuthUser => ({ id: `u${companyId}`, companyId, userType: 1, roleIds: [], superAdmin: false, scope: { companies: [companyId], fleets: [] } });

export function vehicle(vehicleId: string, terminalPhone: string, companyPath: string[], plateCode = `京A${vehicleId.padStart(5, '0')}`): VehicleRegistryEntry {
  return { vehicleId, plateCode, plateColor: 1, vin: '', companyId: companyPath.at(-1) ?? '', companyPath, fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() };
}

/** Publishes registry entries and waits until the tracking cache holds them. */
export async function register(test: TrackingTestApp, entries: VehicleRegistryEntry[]): Promise<void> {
  await test.bus.publish(Topics.vehicleRegistry, entries.map((value) => ({ key: value.vehicleId, value })));
  const cache = test.app.get(VehicleRegistry);
  await waitFor(() => entries.every((entry) => cache.byVehicleId(entry.vehicleId)), 10_000, 'registry');
}

/** Publishes a role's action codes and waits until the permission cache applied them. */
export async function grantRole(test: TrackingTestApp, roleId: string, actionCodes: string[]): Promise<void> {
  await test.bus.publish(Topics.rolePermissions, [{ key: roleId, value: { roleId, actionCodes, deleted: false, updatedAt: Date.now() } }]);
  const cache = test.app.get(PermissionCache);
  await waitFor(() => cache.allows({ ...companyUser('0'), roleIds: [roleId] }, actionCodes), 10_000, 'role permissions');
}

const STATUS_ACC_ON = 1;
const STATUS_POSITIONED = 2;

/** A located, ACC-on report at `gpsTimeS`, `lat`/`lng` in degrees, speed in km/h. */
export function position(terminalPhone: string, gpsTimeS: number, lat: number, lng: number, speedKmh: number, extra: Partial<Position> = {}): Position {
  return {
    terminalPhone, vehicleId: '', gpsTimeS, receivedAtMs: Date.now(), latitudeE6: Math.round(lat * 1e6), longitudeE6: Math.round(lng * 1e6), altitudeM: 50,
    speedDkmh: Math.round(speedKmh * 10), directionDeg: 90, alarmFlags: 0, statusFlags: STATUS_ACC_ON | STATUS_POSITIONED, mileageHm: 0, hasMileage: false,
    fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '', ...extra,
  };
}

export async function publishPositions(bus: EventBus, positions: Position[]): Promise<void> {
  await bus.publish(Topics.position, positions.map((value) => ({ key: value.terminalPhone, value })));
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A supertest parser that keeps a binary body (gzip answers, .xlsx files) as one Buffer. */
export function binary(res: object, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Row count of track_point for a terminal, straight from the database. */
export async function storedCount(test: TrackingTestApp, terminalPhone: string): Promise<number> {
  const dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
  const [row] = await dataSource.query('SELECT COUNT(*) AS n FROM track_point WHERE terminal_phone = ?', [terminalPhone]);
  return Number(row.n);
}
