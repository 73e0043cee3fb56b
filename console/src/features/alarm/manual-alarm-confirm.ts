import type { AlarmRow } from '@openfleet/contracts/alarm';

/**
 * The alarm bits a platform may confirm by hand with 0x8203 (JT/T 808-2019 table 40, the manual
 * confirmation alarm types): 0 emergency, 3 danger warning, 20 area in/out, 21 route in/out,
 * 22 route drive time, 27 illegal ignition, 28 illegal movement.
 */
export const MANUAL_CONFIRM_BITS: readonly number[] = [0, 3, 20, 21, 22, 27, 28];

/** True for an alarm a terminal raised with one of those bits (platform-detected alarms have nothing to confirm). */
export function isManuallyConfirmable(alarm: Pick<AlarmRow, 'source' | 'bit'>): boolean {
  return alarm.source === 'terminal' && MANUAL_CONFIRM_BITS.includes(alarm.bit);
}

/** One 0x8203 per vehicle: its alarms' bits OR-ed into the alarm type word (serial 0 = every such alarm). */
export function confirmRequests(alarms: readonly Pick<AlarmRow, 'source' | 'bit' | 'vehicleId'>[]): { vehicleId: string; alarmSerial: number; alarmTypes: number }[] {
  const byVehicle = new Map<string, number>();
  for (const alarm of alarms) {
    if (!isManuallyConfirmable(alarm) || !alarm.vehicleId) continue;
    byVehicle.set(alarm.vehicleId, ((byVehicle.get(alarm.vehicleId) ?? 0) | (1 << alarm.bit)) >>> 0);
  }
  return [...byVehicle].map(([vehicleId, alarmTypes]) => ({ vehicleId, alarmSerial: 0, alarmTypes }));
}
