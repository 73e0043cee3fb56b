import type { BatteryColumns, BatterySeries, BatteryState } from '@openfleet/contracts/energy';
import { api } from '../../app/api';

export type { BatterySeries, BatteryState };

/** A reading of GB/T 32960: a number, or the sentinel the vehicle sent. */
export type Reading = number | 'abnormal' | 'invalid';

export interface SubsystemVoltages {
  subsystem: number;
  voltageV: Reading;
  currentA: Reading;
  totalCells: number;
  firstCell: number;
  cellVoltagesV: Reading[];
}

export interface SubsystemTemperatures {
  subsystem: number;
  probeTempsC: Reading[];
}

/** The information units the battery view reads; others pass through untouched. */
export type BatteryUnit =
  | { type: 8; voltages: SubsystemVoltages[] }
  | { type: 9; temperatures: SubsystemTemperatures[] }
  | { type: number; [field: string]: unknown };

/** The latest report of a vehicle: its series columns and every unit decoded. */
export interface LatestReport extends BatteryColumns {
  vin: string;
  vehicleId: string;
  collectedAt: number;
  receivedAt: number;
  reissued: number;
  units: BatteryUnit[];
}

export const energyApi = api.injectEndpoints({
  endpoints: (build) => ({
    batteryLatest: build.query<LatestReport | null, string>({
      query: (vehicleId) => ({ url: 'energy/latest', params: { vehicleId } }),
    }),
    batteryHistory: build.query<BatterySeries, { vehicleId: string; startTime: string; endTime: string }>({
      query: (params) => ({ url: 'energy/history', params }),
    }),
    batteryStates: build.query<BatteryState[], string[]>({
      query: (vehicleIds) => ({ url: 'energy/states', params: { vehicleIds: vehicleIds.join(',') } }),
    }),
  }),
});

export const { useBatteryLatestQuery, useLazyBatteryHistoryQuery, useBatteryStatesQuery } = energyApi;
