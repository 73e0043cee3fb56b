import { chinaSecondOfDay, FenceAttribute, parseChinaTime, type FenceEventKind, type FenceInput } from '@openfleet/contracts';
import { contains, routeSegmentAt } from './fence-shape';

/** A fence as the evaluator needs it. */
export type RuleFence = { id: string } & Pick<FenceInput, 'name' | 'geometry' | 'attributes' | 'startTime' | 'endTime' | 'maxSpeedKmh' | 'overspeedDurationS' | 'nightMaxSpeedKmh' | 'maxStayS' | 'rpmLimit' | 'overRpmDurationS' | 'muck'>;

/** What the evaluator remembers of one vehicle and one fence (stored, so it survives a restart). */
export interface FenceState {
  inside: boolean;
  enteredAt: number;
  lastAt: number;
  overSince: number;
  overspeedRaised: boolean;
  stayRaised: boolean;
  /** Routes: the corridor segment, -1 off the route. */
  segment: number;
  segmentEnteredAt: number;
  offRoute: boolean;
  stoppedSince: number;
  muckRaised: boolean;
  /** Over the rpm limit since (0: not over); optional because states stored before the rule lack them. */
  overRpmSince?: number;
  overRpmRaised?: boolean;
}

export interface RulePosition {
  /** GNSS time, epoch ms. */
  at: number;
  lng: number;
  lat: number;
  speedKmh: number;
  /** Engine speed where the source reports it (HJ 1239, GB/T 32960); absent for JT/T 808. */
  engineRpm?: number;
}

export interface RuleEvent {
  kind: FenceEventKind;
  detail?: Record<string, unknown>;
}

/** Night (22:00-06:00 China time) applies the 2019 night speed limit. */
const NIGHT_START_S = 22 * 3600;
const NIGHT_END_S = 6 * 3600;
/** Stopped this long in a muck area counts as loading or unloading. */
const MUCK_STOP_MS = 120_000;
const clockSeconds = (hms: string) => {
  const [h, m, s] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/**
 * Whether a fence applies at `at`: always, or within its time window. A daily window
 * ('HH:mm:ss') may cross midnight (22:00:00-06:00:00); a dated one ('YYYY-MM-DD HH:mm:ss') is
 * China time. Start inclusive, end exclusive.
 */
export function isActive(fence: RuleFence, at: number): boolean {
  if (!(fence.attributes & FenceAttribute.BY_TIME) || !fence.startTime || !fence.endTime) return true;
  if (fence.startTime.length > 8) {
    return at >= parseChinaTime(fence.startTime) && at < parseChinaTime(fence.endTime);
  }
  const now = chinaSecondOfDay(at);
  const start = clockSeconds(fence.startTime);
  const end = clockSeconds(fence.endTime);
  return start <= end ? now >= start && now < end : now >= start || now < end;
}

export function initialState(): FenceState {
  return { inside: false, enteredAt: 0, lastAt: 0, overSince: 0, overspeedRaised: false, stayRaised: false, segment: -1, segmentEnteredAt: 0, offRoute: false, stoppedSince: 0, muckRaised: false, overRpmSince: 0, overRpmRaised: false };
}

function speedLimitAt(fence: RuleFence, at: number, segmentLimit = 0): number {
  const tod = chinaSecondOfDay(at);
  const night = tod >= NIGHT_START_S || tod < NIGHT_END_S;
  if (night && fence.nightMaxSpeedKmh) return fence.nightMaxSpeedKmh;
  return segmentLimit || fence.maxSpeedKmh || 0;
}

/** Overspeed: over the limit for the fence's duration (1-255 s), once per stretch over it. */
function overspeed(fence: RuleFence, state: FenceState, p: RulePosition, limit: number, events: RuleEvent[]): void {
  if (!limit) return;
  if (p.speedKmh > limit) {
    if (!state.overSince) state.overSince = p.at;
    const durationMs = (fence.overspeedDurationS ?? 0) * 1000;
    if (!state.overspeedRaised && p.at - state.overSince >= durationMs) {
      state.overspeedRaised = true;
      events.push({ kind: 'overspeed', detail: { limitKmh: limit, speedKmh: p.speedKmh, overS: Math.round((p.at - state.overSince) / 1000) } });
    }
  } else {
    state.overSince = 0;
    state.overspeedRaised = false;
  }
}

/**
 * Over-rpm: engine speed above the fence's limit for its duration (0 s: at once), once per stretch
 * over it; at or below the limit ends the stretch. A position without engine speed (JT/T 808, an
 * invalid reading) says nothing either way: it neither raises, nor counts, nor ends a stretch.
 */
function overRpm(fence: RuleFence, state: FenceState, p: RulePosition, events: RuleEvent[]): void {
  const limit = fence.rpmLimit ?? 0;
  if (!limit || p.engineRpm === undefined) return;
  if (p.engineRpm > limit) {
    if (!state.overRpmSince) state.overRpmSince = p.at;
    const durationMs = (fence.overRpmDurationS ?? 0) * 1000;
    if (!state.overRpmRaised && p.at - state.overRpmSince >= durationMs) {
      state.overRpmRaised = true;
      events.push({ kind: 'overRpm', detail: { limitRpm: limit, rpm: p.engineRpm, overS: Math.round((p.at - state.overRpmSince) / 1000) } });
    }
  } else {
    state.overRpmSince = 0;
    state.overRpmRaised = false;
  }
}

/**
 * One position against one fence: the new state and the events it raises. Positions not newer
 * than the last one seen for this fence are ignored (a redelivery or an older backfill cannot
 * replay an entry). An inactive fence (outside its time window) forgets the vehicle silently.
 */
export function evaluate(fence: RuleFence, previous: FenceState | undefined, p: RulePosition): { state: FenceState; events: RuleEvent[] } {
  const state: FenceState = { ...(previous ?? initialState()) };
  const events: RuleEvent[] = [];
  if (previous && p.at <= previous.lastAt) return { state: previous, events };
  state.lastAt = p.at;
  if (!isActive(fence, p.at)) {
    const reset = initialState();
    reset.lastAt = p.at;
    return { state: reset, events };
  }
  const g = fence.geometry;
  if (g.type === 'route') {
    const segment = routeSegmentAt(g.points, g.segments.map((s) => s.widthM), p.lng, p.lat);
    if (segment >= 0 && !state.inside) {
      // First time on the corridor: an entry; coming back after a deviation: back on the route.
      events.push({ kind: state.offRoute ? 'backOnRoute' : 'enter', detail: { segment } });
      state.inside = true;
      state.offRoute = false;
      state.enteredAt = p.at;
      state.segment = segment;
      state.segmentEnteredAt = p.at;
    } else if (segment >= 0 && segment !== state.segment) {
      segmentTime(g.segments[state.segment], state, p, events);
      state.segment = segment;
      state.segmentEnteredAt = p.at;
    } else if (segment < 0 && state.inside) {
      events.push({ kind: 'deviation', detail: { segment: state.segment } });
      state.inside = false;
      state.offRoute = true;
      state.segment = -1;
      state.overSince = 0;
      state.overspeedRaised = false;
      state.overRpmSince = 0;
      state.overRpmRaised = false;
    }
    if (state.inside) {
      overspeed(fence, state, p, fence.attributes & FenceAttribute.SPEED_LIMIT ? speedLimitAt(fence, p.at, g.segments[state.segment]?.maxSpeedKmh) : 0, events);
      overRpm(fence, state, p, events);
    }
    return { state, events };
  }

  const inside = contains(g, p.lng, p.lat);
  if (inside && !state.inside) {
    events.push({ kind: 'enter' });
    state.inside = true;
    state.enteredAt = p.at;
    state.stayRaised = false;
    state.stoppedSince = 0;
    state.muckRaised = false;
    if (fence.muck && !fence.muck.pass && !fence.muck.load && !fence.muck.unload) events.push({ kind: 'muckViolation', detail: { rule: 'noEntry' } });
  } else if (!inside && state.inside) {
    events.push({ kind: 'exit', detail: { stayedS: Math.round((p.at - state.enteredAt) / 1000) } });
    const left = initialState();
    left.lastAt = p.at;
    return { state: left, events };
  }
  if (!state.inside) return { state, events };
  overspeed(fence, state, p, fence.attributes & FenceAttribute.SPEED_LIMIT ? speedLimitAt(fence, p.at) : 0, events);
  overRpm(fence, state, p, events);
  if (fence.maxStayS && !state.stayRaised && p.at - state.enteredAt >= fence.maxStayS * 1000) {
    state.stayRaised = true;
    events.push({ kind: 'stayTooLong', detail: { stayedS: Math.round((p.at - state.enteredAt) / 1000), maxStayS: fence.maxStayS } });
  }
  if (fence.muck) {
    if (p.speedKmh < 1) {
      if (!state.stoppedSince) state.stoppedSince = p.at;
      if (!state.muckRaised && !fence.muck.load && !fence.muck.unload && p.at - state.stoppedSince >= MUCK_STOP_MS) {
        state.muckRaised = true;
        events.push({ kind: 'muckViolation', detail: { rule: 'noLoading', stoppedS: Math.round((p.at - state.stoppedSince) / 1000) } });
      }
    } else state.stoppedSince = 0;
  }
  return { state, events };
}

/** Leaving a route segment: drive time above its long threshold or below its short one. */
function segmentTime(segment: { longThresholdS: number; shortThresholdS: number } | undefined, state: FenceState, p: RulePosition, events: RuleEvent[]): void {
  if (!segment) return;
  const drivenS = Math.round((p.at - state.segmentEnteredAt) / 1000);
  if (segment.longThresholdS && drivenS > segment.longThresholdS) events.push({ kind: 'segmentTooLong', detail: { segment: state.segment, drivenS, thresholdS: segment.longThresholdS } });
  if (segment.shortThresholdS && drivenS < segment.shortThresholdS) events.push({ kind: 'segmentTooShort', detail: { segment: state.segment, drivenS, thresholdS: segment.shortThresholdS } });
}
