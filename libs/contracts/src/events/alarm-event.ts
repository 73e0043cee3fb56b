import { checkFields, checkOneOf } from '../validation';
import { jsonCodec } from '../codec';

/** Alarm levels of spec §4. */
export const AlarmLevel = { EMERGENCY: 0, INTERMEDIATE: 1, ORDINARY: 2, TIP: 3 } as const;
export type AlarmLevelCode = (typeof AlarmLevel)[keyof typeof AlarmLevel];

/** Services other than the alarm service that detect alarms (alarm.detected.v1): energy's GB/T 32960 battery alarms, the fuel ledger's thefts. */
export const DETECTED_ALARM_SOURCES = ['energy', 'fuel', 'coldChain'] as const;

/** terminal: 0x0200 bits and extras; platform: our rules and fences; then the detecting services. */
export const ALARM_SOURCES = ['terminal', 'platform', ...DETECTED_ALARM_SOURCES] as const;

/** An alarm raised from terminal alarm bits or a platform rule (topic alarm.event.v1). */
export interface AlarmEvent {
  alarmId: string;
  terminalPhone: string;
  vehicleId?: string;
  /** Stable alarm type name, e.g. "overspeed", "emergency", "fenceIn". */
  type: string;
  /** JT/T 808 alarm bit (0-31) when the alarm comes from the terminal's alarm DWORD. */
  bit?: number;
  level: AlarmLevelCode;
  source: (typeof ALARM_SOURCES)[number];
  startedAt: number;
  endedAt?: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  detail?: Record<string, unknown>;
}

export const alarmEventCodec = jsonCodec<AlarmEvent>(
  (value) =>
    checkFields(value, {
      alarmId: 'string',
      terminalPhone: 'string',
      vehicleId: 'string?',
      type: 'string',
      bit: 'number?',
      level: 'number',
      source: 'string',
      startedAt: 'number',
      endedAt: 'number?',
      latitude: 'number',
      longitude: 'number',
      speedKmh: 'number',
      detail: 'object?',
    }) ??
    checkOneOf(value, 'level', Object.values(AlarmLevel)) ??
    checkOneOf(value, 'source', ALARM_SOURCES),
);
