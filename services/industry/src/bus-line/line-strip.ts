import { BUNCHING_RATIO, type BusStop, type BusStripVehicle } from '@openfleet/contracts';
import { predictArrivals, type SegmentTimes } from './eta-predictor';
import type { BusVehicleState } from './stop-detector';
import { fractionBetween } from './stop-geometry';

export interface StripInput {
  vehicleId: string;
  plateCode: string;
  state: BusVehicleState;
}

/**
 * The strip of one line: each bus placed by its last stop and the share of the way to the next;
 * its headway is the time since the bus ahead (same direction, further along) reached the last
 * stop both have reached. A headway under BUNCHING_RATIO of the reference (the scheduled headway,
 * else the median of the live ones) is bunching: passengers wait twice as long behind the pair.
 */
export function buildStrip(stops: { up: readonly BusStop[]; down: readonly BusStop[] }, inputs: StripInput[], times: SegmentTimes, now: number, scheduledHeadwayS: number | null) {
  const vehicles: BusStripVehicle[] = inputs.map(({ vehicleId, plateCode, state }) => {
    const list = state.direction === 'up' ? stops.up : stops.down;
    const next = list[state.seq + 1];
    const fraction = state.seq >= 0 && !state.atStop && next ? fractionBetween(list[state.seq], next, state) : 0;
    return {
      vehicleId,
      plateCode,
      direction: state.direction,
      seq: state.seq,
      atStop: state.atStop,
      fraction: Math.round(fraction * 1000) / 1000,
      lastAt: state.lastAt,
      headwayS: null,
      bunched: false,
      etas: predictArrivals(list, state, now, times, fraction),
    };
  });
  const states = new Map(inputs.map((input) => [input.vehicleId, input.state]));
  for (const direction of ['up', 'down'] as const) {
    // Furthest along first: each bus's headway is to the one just ahead of it.
    const ordered = vehicles.filter((v) => v.direction === direction && v.seq >= 0).sort((a, b) => b.seq + b.fraction - (a.seq + a.fraction));
    for (let i = 1; i < ordered.length; i++) {
      const behind = states.get(ordered[i].vehicleId)!;
      const ahead = states.get(ordered[i - 1].vehicleId)!;
      const at = behind.arrivals[ordered[i].seq];
      const aheadAt = ahead.arrivals[ordered[i].seq];
      if (at !== undefined && aheadAt !== undefined && at >= aheadAt) ordered[i].headwayS = Math.round((at - aheadAt) / 1000);
    }
  }
  const headways = vehicles.map((v) => v.headwayS).filter((h): h is number => h !== null);
  const referenceHeadwayS = scheduledHeadwayS ?? (headways.length ? medianOf(headways) : null);
  if (referenceHeadwayS) for (const vehicle of vehicles) vehicle.bunched = vehicle.headwayS !== null && vehicle.headwayS < BUNCHING_RATIO * referenceHeadwayS;
  return { vehicles, referenceHeadwayS };
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
