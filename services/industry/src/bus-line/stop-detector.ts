import type { BusDirection, BusStop } from '@openfleet/contracts';
import { closestApproach, metresBetween, type PointLike } from './stop-geometry';

/** The stops of both directions of a line, as the detector reads them. */
export interface LineStops {
  lineId: number;
  up: readonly BusStop[];
  down: readonly BusStop[];
}

/** A vehicle's place on its line; JSON, stored after each batch and reloaded on assignment. */
export interface BusVehicleState {
  lineId: number;
  direction: BusDirection;
  /** The last stop reached on this trip (-1: none yet). */
  seq: number;
  atStop: boolean;
  /** Arrival time (epoch ms) at each stop reached on this trip, by seq: the headways compare them. */
  arrivals: Record<number, number>;
  departedAt: number;
  lastAt: number;
  longitude: number;
  latitude: number;
}

export type StopEvent =
  | { kind: 'arrive'; direction: BusDirection; seq: number; at: number }
  | { kind: 'depart'; direction: BusDirection; seq: number; arrivedAt: number; at: number }
  | { kind: 'skip'; direction: BusDirection; seq: number; at: number }
  /** A departure from `seq` to the arrival at `seq + 1`: the segment times ETAs are learnt from. */
  | { kind: 'run'; direction: BusDirection; seq: number; startedAt: number; durationS: number };

export interface BusPosition extends PointLike {
  at: number;
}

/** How many stops ahead an arrival may be matched: further ones are noise (a line passing near itself). */
const LOOKAHEAD = 4;
/** A silence longer than this loses the bus's place on its trip (ignition off at the depot). */
const STALE_MS = 30 * 60_000;

const other = (direction: BusDirection): BusDirection => (direction === 'up' ? 'down' : 'up');

export function newVehicleState(lineId: number, direction: BusDirection): BusVehicleState {
  return { lineId, direction, seq: -1, atStop: false, arrivals: {}, departedAt: 0, lastAt: 0, longitude: 0, latitude: 0 };
}

/**
 * One position of a bus through its line's stops: entering a stop's radius is an arrival (the
 * first position inside), leaving it a departure (the last position inside); a stop passed without
 * a position inside but with the move between two positions crossing its radius is arrived at and
 * left at the crossing; stops between the last one reached and the next one entered are skipped.
 * At the last stop of a direction the bus turns to the other. Positions not newer than the last are
 * ignored, so a replayed batch produces nothing twice.
 */
export function applyPosition(line: LineStops, state: BusVehicleState, position: BusPosition): StopEvent[] {
  if (position.at <= state.lastAt) return [];
  const events: StopEvent[] = [];
  const previous = state.lastAt && position.at - state.lastAt <= STALE_MS ? { longitude: state.longitude, latitude: state.latitude, at: state.lastAt } : undefined;
  if (!previous && state.lastAt) Object.assign(state, { seq: -1, atStop: false, arrivals: {}, departedAt: 0 });

  const stopsOf = (direction: BusDirection) => (direction === 'up' ? line.up : line.down);
  let stops = stopsOf(state.direction);
  const inside = (stop: BusStop) => metresBetween(stop, position) <= stop.radiusM;

  if (state.atStop) {
    const current = stops[state.seq];
    if (current && inside(current)) return remember(state, position, events);
    const arrivedAt = state.arrivals[state.seq] ?? state.lastAt;
    depart(state, events, state.lastAt);
    if (state.seq === stops.length - 1 && turn(state, stopsOf)) {
      stops = stopsOf(state.direction);
      // The terminus is usually the other direction's first stop too: the layover is its dwell.
      if (metresBetween(stops[0], previous ?? position) <= stops[0].radiusM) {
        arrive(state, events, 0, arrivedAt);
        depart(state, events, state.lastAt);
      }
    }
  }

  // Passed between the two positions (no position inside): arrived and left at the crossing.
  for (let guard = 0; previous && guard < stops.length; guard++) {
    const next = candidates(state, stops).find((seq) => {
      const { distanceM } = closestApproach(previous, position, stops[seq]);
      return distanceM <= stops[seq].radiusM && !inside(stops[seq]) && metresBetween(stops[seq], previous) > stops[seq].radiusM;
    });
    if (next === undefined) break;
    const { t } = closestApproach(previous, position, stops[next]);
    const at = Math.round(previous.at + t * (position.at - previous.at));
    arrive(state, events, next, at);
    depart(state, events, at);
    if (next === stops.length - 1 && turn(state, stopsOf)) stops = stopsOf(state.direction);
  }

  const entered = candidates(state, stops).find((seq) => inside(stops[seq]));
  if (entered !== undefined) arrive(state, events, entered, position.at);
  else if (!state.atStop) restartAtFirstStop(state, stopsOf, inside, events, position.at);
  return remember(state, position, events);
}

/** The stops an arrival may be at: any while the bus's place is unknown, else the next few. */
function candidates(state: BusVehicleState, stops: readonly BusStop[]): number[] {
  const from = state.seq + 1;
  const to = state.seq < 0 ? stops.length : Math.min(stops.length, from + LOOKAHEAD);
  const list: number[] = [];
  for (let seq = from; seq < to; seq++) list.push(seq);
  return list;
}

function arrive(state: BusVehicleState, events: StopEvent[], seq: number, at: number): void {
  if (state.seq >= 0) for (let skipped = state.seq + 1; skipped < seq; skipped++) events.push({ kind: 'skip', direction: state.direction, seq: skipped, at });
  if (state.seq >= 0 && seq === state.seq + 1 && state.departedAt) {
    events.push({ kind: 'run', direction: state.direction, seq: state.seq, startedAt: state.departedAt, durationS: (at - state.departedAt) / 1000 });
  }
  events.push({ kind: 'arrive', direction: state.direction, seq, at });
  Object.assign(state, { seq, atStop: true, departedAt: 0 });
  state.arrivals[seq] = at;
}

function depart(state: BusVehicleState, events: StopEvent[], at: number): void {
  events.push({ kind: 'depart', direction: state.direction, seq: state.seq, arrivedAt: state.arrivals[state.seq] ?? at, at });
  Object.assign(state, { atStop: false, departedAt: at });
}

/** After the last stop of a direction: the other direction's trip begins, its place unknown until a stop. */
function turn(state: BusVehicleState, stopsOf: (direction: BusDirection) => readonly BusStop[]): boolean {
  if (!stopsOf(other(state.direction)).length) {
    Object.assign(state, { seq: -1, arrivals: {}, departedAt: 0 });
    return false;
  }
  Object.assign(state, { direction: other(state.direction), seq: -1, arrivals: {}, departedAt: 0 });
  return true;
}

/** A bus back at a first stop without finishing its trip (short working, or a new shift) starts a new trip there. */
function restartAtFirstStop(
  state: BusVehicleState,
  stopsOf: (direction: BusDirection) => readonly BusStop[],
  inside: (stop: BusStop) => boolean,
  events: StopEvent[],
  at: number,
): void {
  if (state.seq < 0) return;
  for (const direction of [state.direction, other(state.direction)]) {
    const first = stopsOf(direction)[0];
    if (first && inside(first) && !(direction === state.direction && state.seq === 0)) {
      Object.assign(state, { direction, seq: -1, arrivals: {}, departedAt: 0 });
      arrive(state, events, 0, at);
      return;
    }
  }
}

function remember(state: BusVehicleState, position: BusPosition, events: StopEvent[]): StopEvent[] {
  Object.assign(state, { lastAt: position.at, longitude: position.longitude, latitude: position.latitude });
  return events;
}
