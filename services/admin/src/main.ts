// Cluster entry of the admin service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { PlatformConfig, PlatformModule, createBus, exitOnStartFailure, loadConfig, startApplication } from '@openfleet/service-kit';
import { AdminModule } from './admin.module';

class AdminProcessConfig extends PlatformConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  HTTP_PORT = 8080;

  @IsString()
  HTTP_HOST = '0.0.0.0';
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(AdminProcessConfig);
  const bus = createBus(config, 'admin');
  @Module({ imports: [PlatformModule.forRoot({ processName: 'admin', config, bus }), AdminModule] })
  class AdminProcessModule {}
  await startApplication({ rootModule: AdminProcessModule, bus, port: config.HTTP_PORT, host: config.HTTP_HOST });
}

bootstrap().catch(exitOnStartFailure('admin'));
