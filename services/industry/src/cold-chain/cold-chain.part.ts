import type { ServicePart } from '@openfleet/service-kit';

/** Cold chain: probe temperatures, humidity and doors, ranges, excursions, the cold-chain report. */
export const COLD_CHAIN_PART: ServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
