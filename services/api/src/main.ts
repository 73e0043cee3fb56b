// Cluster entry of the api service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { PlatformModule, createBus, exitOnStartFailure, loadConfig, startApplication } from '@openfleet/service-kit';
import { ApiConfig } from './api-config';
import { ApiModule } from './api.module';
import { mountOpenApi } from './openapi';
import { mountServiceProxies } from './service-proxy';
import { mountTrackingProxy } from './tracking-proxy';

async function bootstrap(): Promise<void> {
  const config = loadConfig(ApiConfig);
  const bus = createBus(config, 'api');
  @Module({ imports: [PlatformModule.forRoot({ processName: 'api', config, bus }), ApiModule] })
  class ApiProcessModule {}
  await startApplication({
    rootModule: ApiProcessModule,
    bus,
    port: config.HTTP_PORT,
    host: config.HTTP_HOST,
    configure: (app) => {
      const origins = config.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean);
      if (origins.length) app.enableCors({ origin: origins, credentials: true });
      mountServiceProxies(app, { admin: config.ADMIN_URL });
      mountTrackingProxy(app, config.TRACKING_URL);
      mountOpenApi(app);
    },
  });
}

bootstrap().catch(exitOnStartFailure('api'));
