import type { ColdChainAlarmType, ColdChainRange, ColdChainReading, ColdChainSettings } from '@openfleet/contracts';

/** Doors count as open "while moving" from this speed. */
export const MOVING_KMH = 5;

/** One report through the detector. */
export interface ColdChainSample {
  at: number;
  reading: ColdChainReading;
  speedKmh: number;
  latitude: number;
  longitude: number;
}

/** A condition being watched: since when it holds, whether it became an excursion, how far it went. */
interface ConditionState {
  since: number;
  active: boolean;
  probe: number;
  extreme: number | null;
  latitude: number;
  longitude: number;
  speedKmh: number;
}

export interface ColdChainVehicleState {
  lastAt: number;
  conditions: Partial<Record<ColdChainAlarmType, ConditionState>>;
}

export const emptyColdChainState = (): ColdChainVehicleState => ({ lastAt: 0, conditions: {} });

/** An excursion that started (endedAt null) or ended. */
export interface ExcursionChange {
  type: ColdChainAlarmType;
  phase: 'start' | 'end';
  startedAt: number;
  endedAt: number | null;
  probe: number;
  extreme: number | null;
  latitude: number;
  longitude: number;
  speedKmh: number;
}

type Rules = Pick<ColdChainSettings, 'temperature' | 'humidity' | 'minDurationS' | 'doorMovingS' | 'doorOpenMaxS' | 'tripRanges'>;

/** What holds now for one condition: undefined when the report says nothing about it (the state is kept). */
interface Observation {
  holds: boolean;
  probe: number;
  value: number | null;
}

/** The ranges in force at `at`: a trip's own while it lasts, the vehicle's otherwise. */
export function rangesAt(rules: Pick<Rules, 'temperature' | 'humidity' | 'tripRanges'>, at: number): { temperature: ColdChainRange; humidity: ColdChainRange } {
  const trip = rules.tripRanges.find((range) => at >= range.from && at <= range.to);
  return trip ?? rules;
}

/** The probe furthest beyond a bound (above max when `above`, below min otherwise). */
function beyond(values: (number | null)[], bound: number | null, above: boolean): Observation | undefined {
  const measured = values.some((value) => value !== null);
  if (!measured) return undefined;
  if (bound === null) return { holds: false, probe: 0, value: null };
  let worst: Observation = { holds: false, probe: 0, value: null };
  values.forEach((value, index) => {
    if (value === null) return;
    const out = above ? value > bound : value < bound;
    if (out && (worst.value === null || (above ? value > worst.value : value < worst.value))) worst = { holds: true, probe: index + 1, value };
  });
  return worst;
}

function observe(sample: ColdChainSample, rules: Rules): Partial<Record<ColdChainAlarmType, Observation | undefined>> {
  const { temperature, humidity } = rangesAt(rules, sample.at);
  const { temperatures, humidities, doors } = sample.reading;
  const highHumidity = beyond(humidities, humidity.max, true);
  const lowHumidity = beyond(humidities, humidity.min, false);
  const openDoor = doors.findIndex((open) => open === true);
  const doorsKnown = doors.some((open) => open !== null);
  const door: Observation | undefined = doorsKnown ? { holds: openDoor >= 0, probe: openDoor + 1, value: null } : undefined;
  return {
    coldChainTooWarm: beyond(temperatures, temperature.max, true),
    coldChainTooCold: beyond(temperatures, temperature.min, false),
    coldChainHumidity: highHumidity?.holds ? highHumidity : lowHumidity,
    coldChainDoorOpenMoving: door && { ...door, holds: door.holds && sample.speedKmh >= MOVING_KMH },
    coldChainDoorOpenTooLong: door,
  };
}

function thresholdS(type: ColdChainAlarmType, rules: Rules): number | null {
  if (type === 'coldChainDoorOpenMoving') return rules.doorMovingS;
  if (type === 'coldChainDoorOpenTooLong') return rules.doorOpenMaxS;
  return rules.minDurationS;
}

const further = (type: ColdChainAlarmType, a: number | null, b: number | null) => (a === null ? b : b === null ? a : type === 'coldChainTooCold' ? Math.min(a, b) : Math.max(a, b));

/**
 * One report through a vehicle's conditions. A condition that holds for at least its minimum
 * duration becomes an excursion that started when it began to hold; it ends at the first report
 * where it no longer holds. Shorter spells leave nothing. Reports not newer than the last are
 * skipped, so a redelivered batch changes nothing.
 */
export function applySample(state: ColdChainVehicleState, sample: ColdChainSample, rules: Rules): ExcursionChange[] {
  if (sample.at <= state.lastAt) return [];
  state.lastAt = sample.at;
  const changes: ExcursionChange[] = [];
  for (const [type, observation] of Object.entries(observe(sample, rules)) as [ColdChainAlarmType, Observation | undefined][]) {
    if (!observation) continue;
    const threshold = thresholdS(type, rules);
    const current = state.conditions[type];
    if (!observation.holds || threshold === null) {
      if (current?.active) changes.push(change(type, 'end', current, sample.at));
      delete state.conditions[type];
      continue;
    }
    const condition: ConditionState = current
      ? { ...current, extreme: further(type, current.extreme, observation.value), probe: current.extreme === further(type, current.extreme, observation.value) ? current.probe : observation.probe }
      : { since: sample.at, active: false, probe: observation.probe, extreme: observation.value, latitude: sample.latitude, longitude: sample.longitude, speedKmh: sample.speedKmh };
    if (!condition.active && sample.at - condition.since >= threshold * 1000) {
      condition.active = true;
      changes.push(change(type, 'start', condition, null));
    }
    state.conditions[type] = condition;
  }
  return changes;
}

function change(type: ColdChainAlarmType, phase: 'start' | 'end', condition: ConditionState, endedAt: number | null): ExcursionChange {
  return { type, phase, startedAt: condition.since, endedAt, probe: condition.probe, extreme: condition.extreme, latitude: condition.latitude, longitude: condition.longitude, speedKmh: condition.speedKmh };
}

/** The types currently in excursion. */
export const activeTypes = (state: ColdChainVehicleState): ColdChainAlarmType[] =>
  (Object.entries(state.conditions) as [ColdChainAlarmType, ConditionState][]).filter(([, condition]) => condition.active).map(([type]) => type);
