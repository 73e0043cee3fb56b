import type { VehicleServicePart } from '../part';

/** The fuel ledger: levels, refuelling and theft events, consumption. */
export const FUEL_PART: VehicleServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
