import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'nestjs-pino';
import pretty from 'pino-pretty';
import { destination, type DestinationStream } from 'pino';

/**
 * Where pino writes: human-readable lines (pino-pretty) when stdout is a terminal, JSON lines
 * otherwise (log collectors). Both synchronous, so the start-up banner printed with
 * `process.stdout.write` afterwards really comes last; logs are few (rate-limited where a client
 * could flood them), so the cost of synchronous writes does not matter.
 */
export function logDestination(stdoutIsTty = process.stdout.isTTY === true): DestinationStream {
  if (!stdoutIsTty) return destination({ dest: 1, sync: true });
  return pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,req,res,responseTime' });
}

/** Nest's start-up chatter: a line per module and per route (about 200 in standalone). */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController', 'NestMicroservice']);

/**
 * Nest's logger over pino, with the framework's start-up lines (module and route mapping) at debug:
 * at the default info level `npm start` shows what matters, and the first password stays in view.
 */
export class QuietStartupLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    if (STARTUP_CONTEXTS.has(String(rest.at(-1)))) this.pino.debug(message, ...rest);
    else this.pino.log(message, ...rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.pino.error(message, ...rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.pino.warn(message, ...rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.pino.debug(message, ...rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.pino.verbose(message, ...rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.pino.fatal(message, ...rest);
  }
}
