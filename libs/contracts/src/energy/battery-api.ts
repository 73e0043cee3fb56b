// What the energy API answers for a vehicle's battery (`/energy/*`), shared by the service and the console.

/** The series columns of one GB/T 32960 report (spec §3); null where absent, abnormal or invalid. */
export interface BatteryColumns {
  soc: number | null;
  speed: number | null;
  voltage: number | null;
  current: number | null;
  /** Spec §4: 1-4, 254 abnormal, 255 invalid. */
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
  /** The 19 general alarm flags of table 18. */
  alarmFlags: number | null;
}

/** Spec §3 chart series, one array per series, aligned on `t` (epoch ms); the number lists keep the spec's names (minVoltagNums as spelled there). */
export interface BatterySeries {
  t: number[];
  soc: (number | null)[];
  speed: (number | null)[];
  maxVoltages: (number | null)[];
  maxVoltageNums: (number | null)[];
  minVoltas: (number | null)[];
  minVoltagNums: (number | null)[];
  maxTemps: (number | null)[];
  maxTempProbeNums: (number | null)[];
  minTemps: (number | null)[];
  minTempProbeNums: (number | null)[];
}

/** What the map and the info panel show of a vehicle's battery (`/energy/states`). */
export interface BatteryState {
  vehicleId: string;
  vin: string;
  collectedAt: number;
  soc: number | null;
  chargeState: number | null;
  voltage: number | null;
  current: number | null;
  alarmLevel: number | null;
  /** Table 18 names of the battery alarms open now. */
  openAlarms: string[];
}
