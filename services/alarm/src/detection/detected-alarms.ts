import { DETECTED_ALARM_SOURCES, type DetectedAlarmEvent, type VehicleRegistryEntry } from '@openfleet/contracts';
import { pathOf } from '@openfleet/storage';
import type { Alarm } from '../alarm/alarm.entity';

const DETECTED: ReadonlySet<string> = new Set(DETECTED_ALARM_SOURCES);

/**
 * An alarm another service detected (alarm.detected.v1): it has no terminal state here to reload
 * and no terminal to ask for evidence.
 */
export function isDetectedAlarm(alarm: Pick<Alarm, 'source'>): boolean {
  return DETECTED.has(alarm.source);
}

/**
 * The alarm row of a detected alarm's start, keyed by its event id. A vehicle without a terminal
 * (a GB/T 32960 one) is filed under its VIN, or its id until the registry knows it.
 */
export function detectedAlarmRow(event: DetectedAlarmEvent, vehicle: VehicleRegistryEntry | undefined): Partial<Alarm> {
  return {
    alarmKey: event.eventId,
    type: event.type,
    bit: -1,
    level: event.level,
    source: event.source,
    // The column holds 20 characters (a phone); a VIN is 17.
    terminalPhone: (vehicle?.terminalPhone || vehicle?.vin || event.vehicleId).slice(0, 20),
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
