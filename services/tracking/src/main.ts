// Cluster entry of the tracking service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { PlatformConfig, PlatformModule, createBus, exitOnStartFailure, loadConfig, startApplication } from '@openfleet/service-kit';
import { TrackingModule } from './tracking.module';

class TrackingProcessConfig extends PlatformConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  HTTP_PORT = 8080;

  @IsString()
  HTTP_HOST = '0.0.0.0';
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(TrackingProcessConfig);
  const bus = createBus(config, 'tracking');
  @Module({ imports: [PlatformModule.forRoot({ processName: 'tracking', config, bus }), TrackingModule] })
  class TrackingProcessModule {}
  await startApplication({ rootModule: TrackingProcessModule, bus, port: config.HTTP_PORT, host: config.HTTP_HOST });
}

bootstrap().catch(exitOnStartFailure('tracking'));
