import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { EventBus } from '@openfleet/bus';
import { loadConfig, PlatformConfig, PlatformModule } from '@openfleet/service-kit';
import { Gateway808Module } from '../gateway-808.module';
import { Gateway808Server } from '../gateway-808.server';

export interface RunningGateway {
  app: INestApplication;
  server: Gateway808Server;
  port: number;
  close(): Promise<void>;
}

/** Boots the gateway module the way a process does (PlatformModule + Gateway808Module) on an ephemeral port. */
export async function startGateway(bus: EventBus, env: Record<string, string> = {}): Promise<RunningGateway> {
  const fullEnv = { LOG_LEVEL: 'silent', GATEWAY_808_PORT: '0', GATEWAY_808_HOST: '127.0.0.1', GATEWAY_808_AUTH_SECRET: 'gateway-808-test-auth-secret', ...env };
  const config = loadConfig(PlatformConfig, fullEnv);
  const moduleRef = await Test.createTestingModule({
    imports: [PlatformModule.forRoot({ processName: 'gateway-808-test', config, bus, env: fullEnv }), Gateway808Module],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.enableShutdownHooks();
  await app.init();
  const server = app.get(Gateway808Server);
  return { app, server, port: server.address().port, close: () => app.close() };
}
