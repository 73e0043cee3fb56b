import { inspect } from 'node:util';

/** The slice of a pino logger the bus needs; services pass their pino instance. */
export interface BusLogger {
  info(detail: Record<string, unknown>, message: string): void;
  warn(detail: Record<string, unknown>, message: string): void;
  error(detail: Record<string, unknown>, message: string): void;
}

// One line per event: a multi-line object dump per retry buried the terminal.
const line = (message: string, detail: Record<string, unknown>) => `[bus] ${message} ${inspect(detail, { breakLength: Infinity })}`;

export const consoleBusLogger: BusLogger = {
  info: (detail, message) => console.info(line(message, detail)),
  warn: (detail, message) => console.warn(line(message, detail)),
  error: (detail, message) => console.error(line(message, detail)),
};

export const silentBusLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
