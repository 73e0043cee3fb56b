import { Module, type INestApplication, type Type } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { createBus } from './bus-factory';
import { startApplication } from './bootstrap';
import { loadConfig, PlatformConfig } from './platform-config';
import { PlatformModule } from './platform.module';

/** Where a process's HTTP server listens: `/health`, `/metrics` and the service's own API. */
export interface HttpListenerSettings {
  HTTP_PORT: number;
  HTTP_HOST: string;
}

/** Adds the validated HTTP listener settings (`HTTP_PORT`, 0 = a free port; `HTTP_HOST`) to a config class. */
export function withHttpListener<T extends PlatformConfig>(Base: new () => T): new () => T & HttpListenerSettings {
  class WithHttpListener extends (Base as new () => PlatformConfig) {
    @IsInt()
    @Min(0)
    @Max(65535)
    HTTP_PORT = 8080;

    @IsString()
    HTTP_HOST = '0.0.0.0';
  }
  return WithHttpListener as unknown as new () => T & HttpListenerSettings;
}

export interface ClusterServiceOptions<T extends PlatformConfig> {
  /** Process and bus client name (`admin`, `tracking` ...). */
  name: string;
  /** The service's composable module. */
  module: Type<unknown>;
  /** The service's config class (default `PlatformConfig`); the HTTP listener settings are added unless it has them. */
  config?: new () => T;
  /** Runs after the app is created and before it listens. */
  configure?: (app: INestApplication, config: T & HttpListenerSettings) => void;
}

/**
 * The cluster entry of a service (`src/main.ts`): validated config, the Kafka bus, the platform
 * module around the service module, one HTTP port, bus consumers, clean shutdown.
 */
export async function startClusterService<T extends PlatformConfig>(options: ClusterServiceOptions<T>): Promise<INestApplication> {
  const base = options.config ?? (PlatformConfig as new () => T);
  const configClass = 'HTTP_PORT' in new base() ? (base as new () => T & HttpListenerSettings) : withHttpListener(base);
  const config = loadConfig(configClass);
  const bus = createBus(config, options.name);
  @Module({ imports: [PlatformModule.forRoot({ processName: options.name, config, bus }), options.module] })
  class ClusterProcessModule {}
  return startApplication({
    rootModule: ClusterProcessModule,
    bus,
    port: config.HTTP_PORT,
    host: config.HTTP_HOST,
    configure: options.configure && ((app) => options.configure!(app, config)),
  });
}
