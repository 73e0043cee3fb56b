import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventBus } from '@openfleet/bus';
import { Logger } from 'nestjs-pino';
import { hardenHttp } from './http-hardening';
import { QuietStartupLogger } from './log-output';

export interface StartOptions {
  rootModule: Type | DynamicModule;
  bus: EventBus;
  port: number;
  host: string;
  /** Runs after the app is created and before it listens (OpenAPI, static files ...). */
  configure?: (app: INestApplication) => void;
}

/**
 * Starts a Nest application with shutdown hooks so SIGTERM/SIGINT drain cleanly. Bus consumers
 * (`BusConsumer` providers) subscribe during module init, before it listens.
 */
export async function startApplication(options: StartOptions): Promise<INestApplication> {
  // Body parsing is ours (hardenHttp): bounded sizes and nesting, errors as the envelope.
  const app = await NestFactory.create(options.rootModule, { bufferLogs: true, bodyParser: false });
  app.useLogger(new QuietStartupLogger(app.get(Logger)));
  app.enableShutdownHooks();
  // Proxies mounted by `configure` (the api in cluster mode) come first: they forward the body untouched.
  options.configure?.(app);
  hardenHttp(app);
  try {
    await app.listen(options.port, options.host);
  } catch (error) {
    // A port taken half-way through start-up must not leave the listeners already opened behind.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Exits the process with a readable line when start-up fails (bad config, port taken ...). */
export function exitOnStartFailure(processName: string) {
  return (error: unknown): never => {
    const text = error instanceof Error ? error.message : String(error);
    console.error(`${processName}: failed to start: ${text}`);
    process.exit(1);
  };
}
