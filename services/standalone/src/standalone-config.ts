import { ApiConfig } from '@openfleet/api';

/**
 * Standalone mode: one process, in-process bus, SQLite files under DATA_DIR. Every service's
 * settings apply; their defaults are the standalone ones. The bus is always in-process here.
 */
export class StandaloneConfig extends ApiConfig {}
