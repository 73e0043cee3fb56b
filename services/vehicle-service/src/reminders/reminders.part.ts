import type { VehicleServicePart } from '../part';

/** Reminders of insurance, annual inspection and maintenance falling due. */
export const REMINDERS_PART: VehicleServicePart = {
  entities: [],
  migrations: [],
  controllers: [],
  providers: [],
};
