import type { BatteryColumns } from '@openfleet/contracts';
import type { Reading, RealtimeUnit } from '@openfleet/gb32960';

type UnitOf<K extends string> = Extract<RealtimeUnit, Record<K, unknown>>;

const num = (value: Reading | undefined): number | null => (typeof value === 'number' ? value : null);

function unit<K extends 'vehicle' | 'extremes' | 'alarms' | 'position'>(units: readonly RealtimeUnit[], field: K): UnitOf<K>[K] | undefined {
  const found = units.find((u) => field in u) as UnitOf<K> | undefined;
  return found?.[field];
}

/** What one report contributes to the charts and the vehicle's state (spec §3), with its position. */
export interface BatterySample extends BatteryColumns {
  /** WGS-84 degrees of a valid fix, else null. */
  latitude: number | null;
  longitude: number | null;
}

export function sampleOf(units: readonly RealtimeUnit[]): BatterySample {
  const vehicle = unit(units, 'vehicle');
  const extremes = unit(units, 'extremes');
  const alarms = unit(units, 'alarms');
  const position = unit(units, 'position');
  const fix = position && (position.status & 1) === 0 ? { latitude: num(position.latitude), longitude: num(position.longitude) } : { latitude: null, longitude: null };
  return {
    soc: num(vehicle?.socPercent),
    speed: num(vehicle?.speedKmh),
    voltage: num(vehicle?.voltageV),
    current: num(vehicle?.currentA),
    chargeState: vehicle ? vehicle.chargeState : null,
    maxCellV: num(extremes?.maxCellVoltageV),
    maxCellNo: extremes ? extremes.maxVoltageCell : null,
    minCellV: num(extremes?.minCellVoltageV),
    minCellNo: extremes ? extremes.minVoltageCell : null,
    maxTemp: num(extremes?.maxTempC),
    maxTempProbe: extremes ? extremes.maxTempProbe : null,
    minTemp: num(extremes?.minTempC),
    minTempProbe: extremes ? extremes.minTempProbe : null,
    alarmLevel: alarms ? alarms.maxLevel : null,
    alarmFlags: alarms ? alarms.flags >>> 0 : null,
    ...fix,
  };
}

/** Column order of energy_report writes. */
export const ENERGY_REPORT_COLUMNS = [
  'vin', 'collected_at', 'vehicle_id', 'received_at', 'reissued', 'soc', 'speed', 'voltage', 'current', 'charge_state', 'max_cell_v', 'max_cell_no',
  'min_cell_v', 'min_cell_no', 'max_temp', 'max_temp_probe', 'min_temp', 'min_temp_probe', 'alarm_level', 'alarm_flags', 'data',
] as const;

export function reportValues(report: { vin: string; collectedAt: number; vehicleId: string; receivedAt: number; reissued: boolean; data: Buffer }, s: BatterySample): (string | number | null)[] {
  return [
    report.vin, report.collectedAt, report.vehicleId, report.receivedAt, report.reissued ? 1 : 0, s.soc, s.speed, s.voltage, s.current, s.chargeState, s.maxCellV, s.maxCellNo,
    s.minCellV, s.minCellNo, s.maxTemp, s.maxTempProbe, s.minTemp, s.minTempProbe, s.alarmLevel, s.alarmFlags, report.data.toString('base64'),
  ];
}
