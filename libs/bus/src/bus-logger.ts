/** The slice of a pino logger the bus needs; services pass their pino instance. */
export interface BusLogger {
  info(detail: Record<string, unknown>, message: string): void;
  warn(detail: Record<string, unknown>, message: string): void;
  error(detail: Record<string, unknown>, message: string): void;
}

export const consoleBusLogger: BusLogger = {
  info: (detail, message) => console.info(`[bus] ${message}`, detail),
  warn: (detail, message) => console.warn(`[bus] ${message}`, detail),
  error: (detail, message) => console.error(`[bus] ${message}`, detail),
};

export const silentBusLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
