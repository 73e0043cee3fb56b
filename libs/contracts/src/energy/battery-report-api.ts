import type { BatteryColumns } from './battery-api';

/** A reading of GB/T 32960: a number, or the sentinel the vehicle sent. */
export type BatteryReading = number | 'abnormal' | 'invalid';

/** One rechargeable energy storage subsystem's voltages (information unit 0x08). */
export interface SubsystemVoltages {
  subsystem: number;
  voltageV: BatteryReading;
  currentA: BatteryReading;
  totalCells: number;
  firstCell: number;
  cellVoltagesV: BatteryReading[];
}

/** One subsystem's probe temperatures (information unit 0x09). */
export interface SubsystemTemperatures {
  subsystem: number;
  probeTempsC: BatteryReading[];
}

/** The information units the battery view reads; others pass through untouched. */
export type BatteryUnit =
  | { type: 8; voltages: SubsystemVoltages[] }
  | { type: 9; temperatures: SubsystemTemperatures[] }
  | { type: number; [field: string]: unknown };

/** The latest report of a vehicle (energy/latest): its series columns and every unit decoded. */
export interface LatestBatteryReport extends BatteryColumns {
  vin: string;
  vehicleId: string;
  collectedAt: number;
  receivedAt: number;
  reissued: number;
  units: BatteryUnit[];
}
