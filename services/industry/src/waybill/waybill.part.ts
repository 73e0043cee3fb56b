import type { ServicePart } from '@openfleet/service-kit';

/** Electronic waybills: 0x0701 uploads decoded and stored, dispatchers' waybills tracked against trips. */
export const WAYBILL_PART: ServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
