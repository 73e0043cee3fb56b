import type { EnergyAlarmEvent, VehicleRegistryEntry } from '@openfleet/contracts';
import { AlarmLevel, type AlarmLevelCode } from '@openfleet/contracts';
import { pathOf } from '@openfleet/storage';
import type { Alarm } from '../alarm/alarm.entity';

export const ENERGY_ALARM_SOURCE = 'energy';

/**
 * Default level of a battery alarm from the vehicle's own level (table 17: 3 is the most severe, a
 * fault that endangers people; 2 limits driving; 1 does not): 3 emergency, 2 intermediate, else
 * ordinary. The company's alarm-type configuration overrides it like any other type.
 */
export function energyAlarmLevel(gbLevel: number): AlarmLevelCode {
  if (gbLevel === 3) return AlarmLevel.EMERGENCY;
  if (gbLevel === 2) return AlarmLevel.INTERMEDIATE;
  return AlarmLevel.ORDINARY;
}

/** The alarm row of a battery alarm's start: keyed by its event id; the VIN stands in for a terminal the vehicle may not have. */
export function energyAlarmRow(event: EnergyAlarmEvent, vehicle: VehicleRegistryEntry | undefined): Partial<Alarm> {
  return {
    alarmKey: event.eventId,
    type: event.type,
    bit: -1,
    level: energyAlarmLevel(event.gbLevel),
    source: ENERGY_ALARM_SOURCE,
    terminalPhone: vehicle?.terminalPhone || event.vin,
    vehicleId: event.vehicleId,
    plateCode: vehicle?.plateCode ?? '',
    companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
    fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
    startedAt: event.startedAt,
    endedAt: 0,
    lastAt: event.at,
    latitude: event.latitude,
    longitude: event.longitude,
    speedKmh: event.speedKmh,
    maxSpeedKmh: event.speedKmh,
    blindArea: 0,
    detail: event.detail ?? null,
    handleStatus: 0,
    handleResult: 0,
    handleRemark: '',
    handlerId: '',
    handledAt: 0,
  };
}
