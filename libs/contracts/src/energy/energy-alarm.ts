import { jsonCodec } from '../codec';
import { checkFields, checkOneOf } from '../validation';

/**
 * A battery alarm of a GB/T 32960 vehicle starting or ending (topic energy.alarm.v1, key VIN): one
 * of the 19 general alarm flags of table 18 set or cleared. `eventId` names the alarm (VIN, type and
 * start time), the same in its start and its end, so consumers deduplicate on it. The alarm
 * service stores these as alarms and announces them on alarm.event.v1.
 */
export interface EnergyAlarmEvent {
  eventId: string;
  phase: 'start' | 'end';
  vin: string;
  vehicleId: string;
  /** The flag's name in table 18 (temperatureDifference, batteryHighTemperature ...). */
  type: string;
  startedAt: number;
  /** Collection time of the report that set (start) or cleared (end) the flag, epoch ms. */
  at: number;
  /** The highest alarm level the report carried (1-3; 0 none), GB/T 32960 table 17. */
  gbLevel: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  detail?: Record<string, unknown>;
}

export const energyAlarmCodec = jsonCodec<EnergyAlarmEvent>(
  (value) =>
    checkFields(value, {
      eventId: 'string',
      phase: 'string',
      vin: 'string',
      vehicleId: 'string',
      type: 'string',
      startedAt: 'number',
      at: 'number',
      gbLevel: 'number',
      latitude: 'number',
      longitude: 'number',
      speedKmh: 'number',
      detail: 'object?',
    }) ?? checkOneOf(value, 'phase', ['start', 'end']),
);
