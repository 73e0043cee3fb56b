import { AlarmLevel, type AlarmLevelCode } from '@openfleet/contracts';
import { GENERAL_ALARMS } from '@openfleet/gb32960';

/** A table 18 flag that was set (start) or cleared (end) between two reports of a vehicle. */
export interface FlagChange {
  phase: 'start' | 'end';
  type: string;
  startedAt: number;
}

/**
 * Compares a report's general alarm flags with the alarms open for the vehicle (type -> start) and
 * updates them: a flag newly set opens an alarm starting at the report's time, a cleared one ends
 * its open alarm. A report without an alarm unit (flags null) changes nothing.
 */
export function foldAlarmFlags(open: Record<string, number>, flags: number | null, at: number): FlagChange[] {
  if (flags === null) return [];
  const changes: FlagChange[] = [];
  GENERAL_ALARMS.forEach((type, bit) => {
    const set = ((flags >>> bit) & 1) === 1;
    const startedAt = open[type];
    if (set && startedAt === undefined) {
      open[type] = at;
      changes.push({ phase: 'start', type, startedAt: at });
    } else if (!set && startedAt !== undefined) {
      delete open[type];
      changes.push({ phase: 'end', type, startedAt });
    }
  });
  return changes;
}

/**
 * The default alarm level of a battery alarm from the vehicle's own level (table 17: 3 is the most
 * severe, a fault that endangers people; 2 limits driving; 1 does not): 3 emergency, 2
 * intermediate, else ordinary. The company's alarm-type configuration overrides it like any other.
 */
export function batteryAlarmLevel(gbLevel: number | null): AlarmLevelCode {
  if (gbLevel === 3) return AlarmLevel.EMERGENCY;
  if (gbLevel === 2) return AlarmLevel.INTERMEDIATE;
  return AlarmLevel.ORDINARY;
}
