import type { ColdChainRange, ColdChainReading, ColdChainSettings } from '@openfleet/contracts';
import { rangesAt } from './excursion-detector';

/** A stored report as the tally reads it. */
export interface TallySample {
  at: number;
  accOn: boolean;
  reading: ColdChainReading;
}

export interface TripTally {
  startedAt: number;
  endedAt: number;
  measuredS: number;
  inRangeS: number;
  doorOpenS: number;
  minTemperature: number | null;
  maxTemperature: number | null;
}

/** A report stands for the time until the next one, but no longer than this (a terminal that went quiet). */
export const MAX_STEP_MS = 5 * 60_000;
/** ACC off, or a silence this long, ends a trip. */
const TRIP_GAP_MS = 10 * 60_000;

const within = (value: number | null, range: ColdChainRange) => value === null || ((range.min === null || value >= range.min) && (range.max === null || value <= range.max));

/** Every probe within its range at that moment (the trip's ranges while a trip range applies). */
export function inRange(sample: TallySample, rules: Pick<ColdChainSettings, 'temperature' | 'humidity' | 'tripRanges'>): boolean {
  const ranges = rangesAt(rules, sample.at);
  return sample.reading.temperatures.every((value) => within(value, ranges.temperature)) && sample.reading.humidities.every((value) => within(value, ranges.humidity));
}

/**
 * Trips (ACC-on spells, as the fuel ledger counts them) of one vehicle's reports in time order,
 * with the time in range: each report counts for the time to the next one within its trip.
 */
export function tallyTrips(samples: readonly TallySample[], rules: Pick<ColdChainSettings, 'temperature' | 'humidity' | 'tripRanges'>): TripTally[] {
  const trips: TripTally[] = [];
  let trip: TripTally | null = null;
  samples.forEach((sample, index) => {
    if (!sample.accOn) {
      trip = null;
      return;
    }
    const previous = samples[index - 1];
    if (!trip || !previous || sample.at - previous.at > TRIP_GAP_MS) {
      trip = { startedAt: sample.at, endedAt: sample.at, measuredS: 0, inRangeS: 0, doorOpenS: 0, minTemperature: null, maxTemperature: null };
      trips.push(trip);
    }
    trip.endedAt = sample.at;
    for (const value of sample.reading.temperatures) {
      if (value === null) continue;
      trip.minTemperature = trip.minTemperature === null ? value : Math.min(trip.minTemperature, value);
      trip.maxTemperature = trip.maxTemperature === null ? value : Math.max(trip.maxTemperature, value);
    }
    const next = samples[index + 1];
    if (!next || !next.accOn || next.at - sample.at > TRIP_GAP_MS) return;
    const stepS = Math.min(next.at - sample.at, MAX_STEP_MS) / 1000;
    trip.measuredS += stepS;
    if (inRange(sample, rules)) trip.inRangeS += stepS;
    if (sample.reading.doors.some((open) => open === true)) trip.doorOpenS += stepS;
  });
  return trips;
}

export const inRangePercent = (trip: Pick<TripTally, 'measuredS' | 'inRangeS'>): number | null => (trip.measuredS > 0 ? Math.round((trip.inRangeS / trip.measuredS) * 1000) / 10 : null);
