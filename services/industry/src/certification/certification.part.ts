import type { ServicePart } from '@openfleet/service-kit';

/** Access certification: a new vehicle's terminal checked live against the standard, logs and certificates. */
export const CERTIFICATION_PART: ServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
