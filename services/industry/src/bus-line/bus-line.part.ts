import type { ServicePart } from '@openfleet/service-kit';

/** Bus lines and stops, arrivals and departures, the live strip, arrival-time prediction. */
export const BUS_LINE_PART: ServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
