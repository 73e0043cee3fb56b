import type { VehicleServicePart } from '../part';

/** Insurance, maintenance, annual inspection, violation and accident records. */
export const RECORDS_PART: VehicleServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
