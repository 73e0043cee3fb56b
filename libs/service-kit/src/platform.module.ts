import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { EventBus } from '@openfleet/bus';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EnvelopeExceptionFilter } from './envelope-exception.filter';
import { HealthController } from './health.controller';
import { HealthRegistry } from './health-registry';
import { logDestination } from './log-output';
import { MetricsController } from './metrics.controller';
import { storageConfigOf, type PlatformConfig } from './platform-config';
import { PlatformValidationPipe } from './platform-validation.pipe';
import { assignRequestId, requestLogLevel } from './request-id';
import { EVENT_BUS, PLATFORM_CONFIG, PROCESS_ENV, STORAGE_CONFIG } from './tokens';

export interface PlatformModuleOptions {
  /** Name in logs ("api", "standalone" ...). */
  processName: string;
  config: PlatformConfig;
  bus: EventBus;
  /** Environment the service modules read their own settings from (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
}

const QUIET_PATHS = new Set(['/health', '/metrics']);

/**
 * A request a process makes to its own HTTP routes (the big screen's seed reads today's figures
 * through the api's routes) is not logged: it carries this header with a secret drawn at start,
 * so no caller from outside can make its own requests disappear from the log. Redacted when logged.
 */
export const SELF_REQUEST_HEADER = 'x-openfleet-self';
export const SELF_REQUEST_TOKEN = randomUUID();

function unlogged(request: IncomingMessage): boolean {
  return QUIET_PATHS.has(request.url ?? '') || request.headers[SELF_REQUEST_HEADER] === SELF_REQUEST_TOKEN;
}

/** Registers the bus probe and closes the bus last, after every consumer and HTTP server stopped. */
class BusLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus, registry: HealthRegistry) {
    registry.register('bus', () => bus.isHealthy());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * What every process gets once, at its composition root (a service's main.ts, or standalone):
 * pino logs, validated config, the event bus, /health, /metrics, the error envelope and DTO validation.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: withDestination(
            {
              name: options.processName,
              level: options.config.LOG_LEVEL,
              redact: ['req.headers.authorization', 'req.headers.cookie', `req.headers["${SELF_REQUEST_HEADER}"]`],
              // X-Request-Id: the caller's (when sane) or a new one, echoed in the answer and logged as req.id.
              genReqId: assignRequestId,
              autoLogging: { ignore: unlogged },
              customLogLevel: requestLogLevel,
            },
            logDestination(),
          ),
        }),
        TerminusModule,
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: EVENT_BUS, useValue: options.bus },
        { provide: PLATFORM_CONFIG, useValue: options.config },
        { provide: PROCESS_ENV, useValue: options.env ?? process.env },
        { provide: STORAGE_CONFIG, useValue: storageConfigOf(options.config) },
        HealthRegistry,
        BusLifecycle,
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
        // class-validator (unknown fields refused, payloads transformed) after the cheap list-size cap.
        { provide: APP_PIPE, useValue: new PlatformValidationPipe() },
      ],
      exports: [EVENT_BUS, PLATFORM_CONFIG, PROCESS_ENV, STORAGE_CONFIG, HealthRegistry],
    };
  }
}

/** pino-http takes its destination as the second element of a tuple. */
function withDestination<T>(options: T, destination: ReturnType<typeof logDestination>): [T, ReturnType<typeof logDestination>] {
  return [options, destination];
}
