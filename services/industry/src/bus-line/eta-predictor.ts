import type { BusDirection, BusEta, BusEtaSource, BusStop } from '@openfleet/contracts';
import { chinaSecondOfDay } from '@openfleet/contracts';
import { metresBetween } from './stop-geometry';
import type { BusVehicleState } from './stop-detector';

/** One learnt duration: a run from stop `seq` to `seq + 1`, or a dwell at stop `seq`, started at `startedAt` (epoch ms). */
export interface SegmentSample {
  direction: BusDirection;
  kind: 'run' | 'dwell';
  seq: number;
  startedAt: number;
  durationS: number;
}

/** An hour needs this many samples before its median is trusted over all hours'. */
export const MIN_HOUR_SAMPLES = 2;
/** Without history: 18 km/h along the straight line between stops, and 20 s at each stop. */
export const FALLBACK_SPEED_MS = 5;
export const FALLBACK_DWELL_S = 20;

export const hourOf = (ms: number) => Math.floor(chinaSecondOfDay(ms) / 3600);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Bucket {
  byHour: number[][];
  all: number[];
  medians: Map<number, number>;
}

/**
 * Segment times of the last days by hour of day (China time): the median of the samples that
 * started in the same hour, else of all hours, else distance at a default speed. Medians, not
 * means: one bus held at a stop for ten minutes must not move every prediction.
 */
export class SegmentTimes {
  private readonly buckets = new Map<string, Bucket>();

  constructor(samples: Iterable<SegmentSample>) {
    for (const sample of samples) this.add(sample);
  }

  add(sample: SegmentSample): void {
    const key = `${sample.direction}:${sample.kind}:${sample.seq}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = { byHour: Array.from({ length: 24 }, () => []), all: [], medians: new Map() }));
    bucket.byHour[hourOf(sample.startedAt)].push(sample.durationS);
    bucket.all.push(sample.durationS);
    bucket.medians.clear();
  }

  /** The expected duration in seconds and where it came from; `undefined` without any sample. */
  lookup(direction: BusDirection, kind: 'run' | 'dwell', seq: number, at: number): { seconds: number; source: BusEtaSource } | undefined {
    const bucket = this.buckets.get(`${direction}:${kind}:${seq}`);
    if (!bucket) return undefined;
    const hour = hourOf(at);
    const useHour = bucket.byHour[hour].length >= MIN_HOUR_SAMPLES;
    const cacheKey = useHour ? hour : -1;
    let seconds = bucket.medians.get(cacheKey);
    if (seconds === undefined) bucket.medians.set(cacheKey, (seconds = median(useHour ? bucket.byHour[hour] : bucket.all)));
    return { seconds, source: useHour ? 'hour' : 'all' };
  }
}

/**
 * Arrival times at the next stops of a bus on its current direction (at most `horizon`): the
 * remaining dwell at the stop it stands at, or the rest of the run it is on (the run's expected
 * time times the share of the distance still ahead), then for each further stop the expected run
 * and dwell at the hour the bus will be there.
 */
export function predictArrivals(stops: readonly BusStop[], state: BusVehicleState, now: number, times: SegmentTimes, fraction: number, horizon = 10): BusEta[] {
  if (state.seq < 0 || state.seq >= stops.length - 1) return [];
  const run = (seq: number, at: number) =>
    times.lookup(state.direction, 'run', seq, at) ?? { seconds: metresBetween(stops[seq], stops[seq + 1]) / FALLBACK_SPEED_MS, source: 'speed' as const };
  const dwell = (seq: number, at: number) => times.lookup(state.direction, 'dwell', seq, at)?.seconds ?? FALLBACK_DWELL_S;

  let t = now;
  let leg: { seconds: number; source: BusEtaSource };
  if (state.atStop) {
    const arrivedAt = state.arrivals[state.seq] ?? now;
    t = Math.max(now, arrivedAt + dwell(state.seq, arrivedAt) * 1000);
    leg = run(state.seq, t);
    t += leg.seconds * 1000;
  } else {
    leg = run(state.seq, state.departedAt || now);
    t += leg.seconds * (1 - fraction) * 1000;
  }
  const etas: BusEta[] = [];
  for (let seq = state.seq + 1; seq < stops.length && etas.length < horizon; seq++) {
    etas.push({ seq, stopId: stops[seq].stopId, at: Math.round(t), source: leg.source });
    if (seq === stops.length - 1) break;
    t += dwell(seq, t) * 1000;
    leg = run(seq, t);
    t += leg.seconds * 1000;
  }
  return etas;
}
