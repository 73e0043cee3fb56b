import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/** One tank bound to a vehicle, with its calibration table (height mm -> litres) sorted by height. */
export interface VehicleFuelTank {
  tankId: string;
  /** 1 or 2: the sensor it is read by (analog AD0 or AD1, docs/fuel.md). */
  slot: number;
  /** Litres. */
  capacity: number;
  /** Inner height, mm. */
  height: number;
  points: { height: number; quantity: number }[];
}

/**
 * The fuel tanks of one vehicle (topic admin.vehicle-fuel-tanks.v1, compacted, key vehicle id):
 * admin publishes it when a binding or a bound tank's table changes, and a full snapshot at start,
 * so the vehicle-service converts sensor heights to litres with no remote call.
 */
export interface VehicleFuelTanks {
  vehicleId: string;
  /** At most two; empty when the vehicle has none (then the 0x0200 extra 0x02 litres are used). */
  tanks: VehicleFuelTank[];
  updatedAt: number;
}

export const vehicleFuelTanksCodec = jsonCodec<VehicleFuelTanks>((value) => checkFields(value, { vehicleId: 'string', tanks: 'object', updatedAt: 'number' }));
