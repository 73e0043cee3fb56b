import { AlarmLevel, type AlarmLevelCode } from '@openfleet/contracts';
import { ALARM_BITS } from '@openfleet/jt808';

/** Level of each alarm type until configuration says otherwise (spec §4: 0 emergency ... 3 tip). */
const LEVELS: Record<string, AlarmLevelCode> = {
  emergency: AlarmLevel.EMERGENCY,
  vehicleStolen: AlarmLevel.EMERGENCY,
  collisionWarning: AlarmLevel.EMERGENCY,
  rolloverWarning: AlarmLevel.EMERGENCY,
  overspeed: AlarmLevel.INTERMEDIATE,
  fatigueDriving: AlarmLevel.INTERMEDIATE,
  dangerousDriving: AlarmLevel.INTERMEDIATE,
  illegalIgnition: AlarmLevel.INTERMEDIATE,
  illegalMovement: AlarmLevel.INTERMEDIATE,
  illegalDoorOpen: AlarmLevel.INTERMEDIATE,
  illegalDriving: AlarmLevel.INTERMEDIATE,
  dailyDrivingTimeout: AlarmLevel.INTERMEDIATE,
  areaOverspeed: AlarmLevel.INTERMEDIATE,
  areaOverRpm: AlarmLevel.INTERMEDIATE,
  routeDeviation: AlarmLevel.INTERMEDIATE,
  muckViolation: AlarmLevel.INTERMEDIATE,
  areaInOut: AlarmLevel.ORDINARY,
  routeInOut: AlarmLevel.ORDINARY,
  routeDriveTime: AlarmLevel.ORDINARY,
  fenceIn: AlarmLevel.ORDINARY,
  fenceOut: AlarmLevel.ORDINARY,
  segmentTooLong: AlarmLevel.ORDINARY,
  segmentTooShort: AlarmLevel.ORDINARY,
  stayTooLong: AlarmLevel.ORDINARY,
  parkingTimeout: AlarmLevel.ORDINARY,
  platformOverspeed: AlarmLevel.INTERMEDIATE,
  platformFatigue: AlarmLevel.INTERMEDIATE,
  nightDriving: AlarmLevel.ORDINARY,
  // The fuel ledger's (alarm.detected.v1); it publishes this level too.
  fuelTheft: AlarmLevel.INTERMEDIATE,
  // The cold chain's (industry service, alarm.detected.v1 source coldChain); it publishes these levels too.
  coldChainTooWarm: AlarmLevel.INTERMEDIATE,
  coldChainTooCold: AlarmLevel.INTERMEDIATE,
  coldChainHumidity: AlarmLevel.ORDINARY,
  coldChainDoorOpenMoving: AlarmLevel.INTERMEDIATE,
  coldChainDoorOpenTooLong: AlarmLevel.ORDINARY,
};

/** Platform rule alarms (lasting while the rule holds). */
export const PLATFORM_RULE_TYPES = ['platformOverspeed', 'platformFatigue', 'nightDriving', 'stoppedTooLong'] as const;

export function levelOf(type: string): AlarmLevelCode {
  return LEVELS[type] ?? AlarmLevel.TIP;
}

/** Types of the 0x0200 alarm bits set in a DWORD. */
export function setBits(flags: number): { bit: number; type: string }[] {
  const out: { bit: number; type: string }[] = [];
  for (let bit = 0; bit < 32; bit++) if ((flags >>> bit) & 1) out.push({ bit, type: ALARM_BITS[bit] ?? `bit${bit}` });
  return out;
}

/** Fence events as alarms: instantaneous ones, and route deviation that lasts until back on the route. */
export const FENCE_ALARM_TYPES: Record<string, { type: string; lasting?: 'start' | 'end' }> = {
  enter: { type: 'fenceIn' },
  exit: { type: 'fenceOut' },
  overspeed: { type: 'areaOverspeed' },
  overRpm: { type: 'areaOverRpm' },
  deviation: { type: 'routeDeviation', lasting: 'start' },
  backOnRoute: { type: 'routeDeviation', lasting: 'end' },
  segmentTooLong: { type: 'segmentTooLong' },
  segmentTooShort: { type: 'segmentTooShort' },
  stayTooLong: { type: 'stayTooLong' },
  muckViolation: { type: 'muckViolation' },
};

/** Video alarms of 0x14 (JT/T 1078 table 14; spec §3 video alarm flags), by bit. Lasting while the bit stays set. */
export const VIDEO_ALARM_TYPES = ['videoSignalLoss', 'videoOcclusion', 'videoStorageFault', 'videoDeviceFault', 'busOvercrowding', 'abnormalDrivingBehaviour', 'recordingThreshold'] as const;

/** Active-safety event types (T/JSATL 12 tables 4-16, 4-18, 4-22) as alarm types. */
const ACTIVE_SAFETY_TYPES: Record<'adas' | 'dsm' | 'bsd', Record<number, string>> = {
  adas: { 1: 'adasForwardCollision', 2: 'adasLaneDeparture', 3: 'adasTooClose', 4: 'adasPedestrianCollision', 5: 'adasFrequentLaneChange', 6: 'adasRoadSignOverLimit', 7: 'adasObstacle', 0x10: 'adasRoadSignRecognised', 0x11: 'adasActiveCapture' },
  dsm: { 1: 'dsmFatigue', 2: 'dsmPhoneCall', 3: 'dsmSmoking', 4: 'dsmDistraction', 5: 'dsmDriverAbnormal', 0x10: 'dsmAutoCapture', 0x11: 'dsmDriverChange' },
  bsd: { 1: 'bsdRearApproach', 2: 'bsdLeftRearApproach', 3: 'bsdRightRearApproach' },
};

export function activeSafetyType(kind: 'adas' | 'dsm' | 'tpms' | 'bsd', eventType?: number): string {
  if (kind === 'tpms') return 'tpmsAlarm';
  return ACTIVE_SAFETY_TYPES[kind][eventType ?? 0] ?? `${kind}Event${eventType ?? 0}`;
}

/**
 * Level of an active-safety or video alarm: the terminal's level 2 is our intermediate and level 1
 * ordinary; captures, recognitions and a driver change are tips.
 */
export function activeSafetyLevel(type: string, terminalLevel: number | undefined): AlarmLevelCode {
  if (/Capture|Recognised|DriverChange/.test(type)) return AlarmLevel.TIP;
  if (type === 'busOvercrowding' || type === 'abnormalDrivingBehaviour') return AlarmLevel.INTERMEDIATE;
  if (type.startsWith('video') || type === 'recordingThreshold') return AlarmLevel.TIP;
  return terminalLevel === 2 ? AlarmLevel.INTERMEDIATE : AlarmLevel.ORDINARY;
}

/** Every alarm type the service raises, for the per-type configuration (alarmConfigNew). */
export const ALL_ALARM_TYPES: readonly string[] = [
  ...ALARM_BITS,
  ...new Set(Object.values(FENCE_ALARM_TYPES).map((mapped) => mapped.type)),
  ...PLATFORM_RULE_TYPES,
  'offlineTooLong',
  ...VIDEO_ALARM_TYPES,
  ...Object.values(ACTIVE_SAFETY_TYPES).flatMap((types) => Object.values(types)),
  'tpmsAlarm',
  // Detected by other services (alarm.detected.v1), configurable like the rest.
  'fuelTheft',
  'coldChainTooWarm',
  'coldChainTooCold',
  'coldChainHumidity',
  'coldChainDoorOpenMoving',
  'coldChainDoorOpenTooLong',
];

/** Defaults until a company configures a type: pushed live at levels 0-1, sounding at level 0, always to be handled. */
export function defaultTypeConfig(level: number): { level: number; push: boolean; sound: boolean; needsHandling: boolean } {
  return { level, push: level <= AlarmLevel.INTERMEDIATE, sound: level === AlarmLevel.EMERGENCY, needsHandling: true };
}
