import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { createConnection } from 'mysql2/promise';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AdminModule } from '../src';

export const TEST_SECRET = 'admin-e2e-secret-admin-e2e-secret-0123456789';
export const ADMIN_PASSWORD = 'Admin12345';
export type Engine = 'sqlite' | 'mysql';

export interface AdminTestApp {
  app: INestApplication;
  bus: InProcessBus;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/** The admin module alone on a fresh SQLite directory or a fresh MariaDB schema. */
export async function startAdmin(engine: Engine, extraEnv: Record<string, string> = {}): Promise<AdminTestApp> {
  const prefix = `openfleet_admin_test_${process.pid}_${Date.now() % 100000}_`;
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'silent',
    DB_ENGINE: engine,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-admin-')),
    MYSQL_HOST: process.env.MYSQL_HOST ?? '127.0.0.1',
    MYSQL_PORT: process.env.MYSQL_PORT ?? '3306',
    MYSQL_USER: process.env.MYSQL_USER ?? 'root',
    MYSQL_PASSWORD: process.env.MYSQL_PASSWORD ?? '',
    MYSQL_DATABASE_PREFIX: prefix,
    AUTH_JWT_SECRET: TEST_SECRET,
    ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD,
    ...extraEnv,
  };
  const config = loadConfig(PlatformConfig, env);
  const bus = new InProcessBus({ logger: silentBusLogger });
  const moduleRef = await Test.createTestingModule({
    imports: [PlatformModule.forRoot({ processName: 'admin-test', config, bus, env }), AdminModule],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return {
    app,
    bus,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      if (engine === 'mysql') {
        const connection = await createConnection({ host: config.MYSQL_HOST, port: config.MYSQL_PORT, user: config.MYSQL_USER, password: config.MYSQL_PASSWORD });
        await connection.query(`DROP DATABASE IF EXISTS \`${prefix}admin\``);
        await connection.end();
      }
    },
  };
}

/** Logs in and answers the bearer header value. */
export async function loginAs(test: AdminTestApp, username: string, password: string): Promise<string> {
  const response = await test.http().post('/login').send({ username, password }).expect(200);
  if (!response.body.flag) throw new Error(`login ${username} failed: ${JSON.stringify(response.body)}`);
  return `Bearer ${response.body.data.access_token}`;
}
