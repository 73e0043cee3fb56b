import { jsonCodec } from '../codec';
import { AlarmLevel, DETECTED_ALARM_SOURCES, type AlarmLevelCode } from '../events/alarm-event';
import { checkFields, checkOneOf } from '../validation';

/** The service that detected an alarm (alarm.detected.v1): energy's battery alarms, the fuel ledger's thefts. */
export type DetectedAlarmSource = (typeof DETECTED_ALARM_SOURCES)[number];

/**
 * An alarm that a service other than the alarm service detected, starting or ending (topic
 * alarm.detected.v1, key vehicle id). `eventId` names the alarm and is the same in its start and its
 * end, so consumers deduplicate on it; the alarm service stores it as an alarm with its source and
 * type and announces it on alarm.event.v1 like its own.
 */
export interface DetectedAlarmEvent {
  /** Stable across start and end (and redelivery); the detecting service's own key, e.g. `VIN:type:start`. */
  eventId: string;
  phase: 'start' | 'end';
  vehicleId: string;
  source: DetectedAlarmSource;
  /** An alarm type the alarm service knows (socLow, fuelTheft ...). */
  type: string;
  /** The default level (0 emergency ... 3 tip); the company's alarm-type configuration may change it. */
  level: AlarmLevelCode;
  startedAt: number;
  /** When the alarm started (start) or ended (end), epoch ms. */
  at: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  detail?: Record<string, unknown>;
}

/** The alarm table's key and type columns are this long (alarm.alarm_key, alarm.type, alarm.vehicle_id). */
export const DETECTED_ALARM_LIMITS = { eventId: 128, type: 32, vehicleId: 32 } as const;

function checkDetectedAlarm(value: unknown): string | null {
  const problem =
    checkFields(value, {
      eventId: 'string',
      phase: 'string',
      vehicleId: 'string',
      source: 'string',
      type: 'string',
      level: 'number',
      startedAt: 'number',
      at: 'number',
      latitude: 'number',
      longitude: 'number',
      speedKmh: 'number',
      detail: 'object?',
    }) ??
    checkOneOf(value, 'phase', ['start', 'end']) ??
    checkOneOf(value, 'source', DETECTED_ALARM_SOURCES) ??
    checkOneOf(value, 'level', Object.values(AlarmLevel));
  if (problem) return problem;
  const event = value as DetectedAlarmEvent;
  for (const [field, max] of Object.entries(DETECTED_ALARM_LIMITS)) {
    const text = event[field as keyof typeof DETECTED_ALARM_LIMITS];
    if (!text.length || text.length > max) return `${field} must be 1-${max} characters`;
  }
  if (Array.isArray(event.detail)) return 'detail must be an object';
  if (event.at < event.startedAt) return 'at must not be before startedAt';
  if (event.speedKmh < 0) return 'speedKmh must not be negative';
  return null;
}

export const detectedAlarmCodec = jsonCodec<DetectedAlarmEvent>(checkDetectedAlarm);
