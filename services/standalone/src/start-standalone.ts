import type { INestApplication } from '@nestjs/common';
import { mountConsole, mountOpenApi } from '@openfleet/api';
import { InProcessBus } from '@openfleet/bus';
import { loadConfig, startApplication } from '@openfleet/service-kit';
import { StandaloneConfig } from './standalone-config';
import { StandaloneModule } from './standalone.module';

export interface RunningPlatform {
  app: INestApplication;
  config: StandaloneConfig;
  urls: { console: string; api: string; health: string; metrics: string; openApi: string };
}

/** Starts the whole platform in one process (used by main.ts and by the end-to-end tests). */
export async function startStandalone(env: NodeJS.ProcessEnv = process.env): Promise<RunningPlatform> {
  const effectiveEnv = { ...env, BUS: 'in-process' };
  const config = loadConfig(StandaloneConfig, effectiveEnv);
  const bus = new InProcessBus();
  const app = await startApplication({
    rootModule: StandaloneModule.register(config, bus, effectiveEnv),
    bus,
    port: config.HTTP_PORT,
    host: config.HTTP_HOST,
    configure: (app) => {
      mountOpenApi(app);
      mountConsole(app, config.CONSOLE_DIR);
    },
  });
  const address = app.getHttpServer().address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    urls: {
      console: `${base}/`,
      api: `${base}/system/info`,
      health: `${base}/health`,
      metrics: `${base}/metrics`,
      openApi: `${base}/api-docs`,
    },
  };
}
