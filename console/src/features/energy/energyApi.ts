import { api } from '../../app/api';

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

export interface LatestReport {
  vin: string;
  vehicleId: string;
  collectedAt: number;
  receivedAt: number;
  reissued: number;
  soc: number | null;
  speed: number | null;
  voltage: number | null;
  current: number | null;
  chargeState: number | null;
  maxCellV: number | null;
  maxCellNo: number | null;
  minCellV: number | null;
  minCellNo: number | null;
  maxTemp: number | null;
  maxTempProbe: number | null;
  minTemp: number | null;
  minTempProbe: number | null;
  alarmLevel: number | null;
  alarmFlags: number | null;
  units: BatteryUnit[];
}

/** Spec §3 chart series, aligned on `t` (epoch ms). */
export interface BatterySeries {
  t: number[];
  soc: (number | null)[];
  speed: (number | null)[];
  maxVoltages: (number | null)[];
  maxVoltageCells: (number | null)[];
  minVoltas: (number | null)[];
  minVoltageCells: (number | null)[];
  maxTemps: (number | null)[];
  maxTempProbes: (number | null)[];
  minTemps: (number | null)[];
  minTempProbes: (number | null)[];
}

export interface BatteryState {
  vehicleId: string;
  vin: string;
  collectedAt: number;
  soc: number | null;
  chargeState: number | null;
  voltage: number | null;
  current: number | null;
  alarmLevel: number | null;
  openAlarms: string[];
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
