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
  deviation: { type: 'routeDeviation', lasting: 'start' },
  backOnRoute: { type: 'routeDeviation', lasting: 'end' },
  segmentTooLong: { type: 'segmentTooLong' },
  segmentTooShort: { type: 'segmentTooShort' },
  stayTooLong: { type: 'stayTooLong' },
  muckViolation: { type: 'muckViolation' },
};
