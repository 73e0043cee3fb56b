import { distanceMeters } from '@openfleet/geo';
import { isImpossibleJump } from '../ingest/jump-filter';

/** A stored point as the track computations need it (WGS-84 degrees, km/h, litres, km). */
export interface TrackSample {
  gpsTime: number;
  lng: number;
  lat: number;
  speedKmh: number;
  accOn: boolean;
  mileageKm: number | null;
  oilL: number | null;
}

export interface StopSegment {
  startTime: number;
  endTime: number;
  durationS: number;
  lng: number;
  lat: number;
  /** Index of the first point of the stop. */
  index: number;
}

export interface TripSegment {
  startTime: number;
  endTime: number;
  durationS: number;
  distanceM: number;
  start: { lng: number; lat: number };
  end: { lng: number; lat: number };
  startIndex: number;
  endIndex: number;
}

/**
 * Splits a track into stops (ACC off or standing still for at least `minStopS`) and the trips
 * between them. A short standstill (traffic light) stays inside its trip.
 */
export function segmentTrips(points: readonly TrackSample[], stopSpeedKmh: number, minStopS: number): { trips: TripSegment[]; stops: StopSegment[] } {
  const stops: StopSegment[] = [];
  const standing = (point: TrackSample) => !point.accOn || point.speedKmh <= stopSpeedKmh;
  let i = 0;
  while (i < points.length) {
    if (!standing(points[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < points.length && standing(points[j + 1])) j++;
    // A standstill lasts until the vehicle moves again (the next point), or to its last point at the end.
    const endTime = j + 1 < points.length ? points[j + 1].gpsTime : points[j].gpsTime;
    const durationS = endTime - points[i].gpsTime;
    if (durationS >= minStopS) stops.push({ startTime: points[i].gpsTime, endTime, durationS, lng: points[i].lng, lat: points[i].lat, index: i });
    i = j + 1;
  }
  const trips: TripSegment[] = [];
  let from = 0;
  const bounds = [...stops.map((stop) => ({ start: stop.index, end: lastIndexOfStop(points, stop) })), { start: points.length, end: points.length }];
  for (const bound of bounds) {
    // A trip runs from where the previous stop ends to where the next one starts.
    const startIndex = from;
    const endIndex = Math.min(bound.start, points.length - 1);
    if (endIndex > startIndex && points.slice(startIndex, endIndex + 1).some((point) => !standing(point))) {
      const slice = points.slice(startIndex, endIndex + 1);
      trips.push({
        startTime: points[startIndex].gpsTime,
        endTime: points[endIndex].gpsTime,
        durationS: points[endIndex].gpsTime - points[startIndex].gpsTime,
        distanceM: Math.round(filteredDistance(slice)),
        start: { lng: points[startIndex].lng, lat: points[startIndex].lat },
        end: { lng: points[endIndex].lng, lat: points[endIndex].lat },
        startIndex,
        endIndex,
      });
    }
    from = bound.end;
  }
  return { trips, stops };
}

function lastIndexOfStop(points: readonly TrackSample[], stop: StopSegment): number {
  let index = stop.index;
  while (index + 1 < points.length && points[index + 1].gpsTime < stop.endTime) index++;
  return index;
}

/** Path length in metres that skips impossible jumps (each leg is judged against the last kept point). */
export function filteredDistance(points: readonly TrackSample[], maxSpeedKmh = 250): number {
  let total = 0;
  let last: TrackSample | undefined;
  for (const point of points) {
    const fix = { gpsTime: point.gpsTime, latitudeE6: Math.round(point.lat * 1e6), longitudeE6: Math.round(point.lng * 1e6) };
    if (last) {
      const previous = { gpsTime: last.gpsTime, latitudeE6: Math.round(last.lat * 1e6), longitudeE6: Math.round(last.lng * 1e6) };
      if (isImpossibleJump(previous, fix, maxSpeedKmh)) continue;
      total += distanceMeters(last.lng, last.lat, point.lng, point.lat);
    }
    last = point;
  }
  return total;
}

/** Kilometres driven: the odometer difference when the terminal reports one, else the filtered path. */
export function mileageKm(points: readonly TrackSample[], maxSpeedKmh = 250): { km: number; source: 'odometer' | 'computed' } {
  const readings = points.filter((point) => point.mileageKm !== null);
  if (readings.length >= 2) {
    const delta = (readings[readings.length - 1].mileageKm as number) - (readings[0].mileageKm as number);
    if (delta >= 0) return { km: round(delta, 1), source: 'odometer' };
  }
  return { km: round(filteredDistance(points, maxSpeedKmh) / 1000, 1), source: 'computed' };
}

/** Fuel used in litres: the sum of drops in the tank level (refuels are not consumption). */
export function fuelUsedL(points: readonly TrackSample[]): number | null {
  const readings = points.filter((point) => point.oilL !== null).map((point) => point.oilL as number);
  if (readings.length < 2) return null;
  let used = 0;
  for (let i = 1; i < readings.length; i++) if (readings[i] < readings[i - 1]) used += readings[i - 1] - readings[i];
  return round(used, 1);
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
