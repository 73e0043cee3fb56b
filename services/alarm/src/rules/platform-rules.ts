// Platform alarm rules evaluated per position (pure: the detector keeps the state).

import { chinaSecondOfDay, type AlarmRules } from '@openfleet/contracts';

/** The rules evaluated per position: the console's rule set less the offline limit (a sweep checks that). */
export type RuleSet = Omit<AlarmRules, 'offlineS'>;

export interface RuleState {
  lastAt: number;
  overSince: number;
  drivingSince: number;
  restingSince: number;
  stoppedSince: number;
}

/** Moving means faster than this (GNSS jitter keeps a parked vehicle at 1-3 km/h). */
const MOVING_KMH = 5;
/** Reports further apart than this do not prove the vehicle stayed over the limit in between. */
const OVERSPEED_GAP_MS = 5 * 60_000;

export function initialRuleState(): RuleState {
  return { lastAt: 0, overSince: 0, drivingSince: 0, restingSince: 0, stoppedSince: 0 };
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether `at` is inside the night window (China time), which may cross midnight. */
export function isNight(rules: Pick<RuleSet, 'nightStart' | 'nightEnd'>, at: number): boolean {
  if (!/^\d{2}:\d{2}$/.test(rules.nightStart) || !/^\d{2}:\d{2}$/.test(rules.nightEnd) || rules.nightStart === rules.nightEnd) return false;
  const now = Math.floor(chinaSecondOfDay(at) / 60);
  const start = minutes(rules.nightStart);
  const end = minutes(rules.nightEnd);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * Which platform alarms hold at this position: overspeed (over the limit for its duration),
 * fatigue (driving without a rest of fatigueRestS for fatigueDriveS), night driving (moving in
 * the night window), stopped too long (not moving for stoppedS). The caller starts an alarm when
 * a type appears and ends it when it disappears.
 */
export function activeRules(rules: RuleSet, state: RuleState, at: number, speedKmh: number): Set<string> {
  const active = new Set<string>();
  const moving = speedKmh > MOVING_KMH;
  // A gap in the data: a silence as long as the minimum rest counts as a rest (engine off, terminal
  // asleep), and overspeed must be seen again rather than assumed across it.
  const gap = state.lastAt ? at - state.lastAt : 0;
  if (rules.fatigueRestS > 0 && gap >= rules.fatigueRestS * 1000) state.drivingSince = 0;
  if (gap > OVERSPEED_GAP_MS) state.overSince = 0;
  if (rules.overspeedKmh > 0 && speedKmh > rules.overspeedKmh) {
    if (!state.overSince) state.overSince = at;
    if (at - state.overSince >= rules.overspeedS * 1000) active.add('platformOverspeed');
  } else state.overSince = 0;
  if (moving) {
    if (!state.drivingSince) state.drivingSince = at;
    state.restingSince = 0;
    state.stoppedSince = 0;
  } else {
    if (!state.restingSince) state.restingSince = at;
    if (!state.stoppedSince) state.stoppedSince = at;
    // A long enough rest starts a new driving stretch.
    if (rules.fatigueRestS > 0 && at - state.restingSince >= rules.fatigueRestS * 1000) state.drivingSince = 0;
  }
  if (rules.fatigueDriveS > 0 && state.drivingSince && at - state.drivingSince >= rules.fatigueDriveS * 1000) active.add('platformFatigue');
  if (moving && isNight(rules, at)) active.add('nightDriving');
  if (rules.stoppedS > 0 && !moving && state.stoppedSince && at - state.stoppedSince >= rules.stoppedS * 1000) active.add('stoppedTooLong');
  state.lastAt = at;
  return active;
}
