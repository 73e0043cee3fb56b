import { chinaSecondOfDay } from '@openfleet/contracts';
import { distanceMeters } from '@openfleet/geo';
import { isImpossibleMove } from '../ingest/jump-filter';

/** JT/T 808 alarm bit 1: the terminal's own overspeed alarm (its limit is parameter 0x0055). */
const ALARM_OVERSPEED = 1 << 1;
/** JT/T 808 alarm bit 2: the terminal's fatigue driving alarm. */
const ALARM_FATIGUE = 1 << 2;

/**
 * Harsh driving, judged between two fixes at most HARSH_MAX_GAP_S apart (a wider gap says nothing
 * about how the speed changed): acceleration of at least 2.8 m/s² (about 10 km/h in a second),
 * braking of at least 3.5 m/s², or a heading change of at least 30° per second above 20 km/h.
 * Terminals reporting every 10 s or more seldom show these: the figures need 1-2 s reports.
 */
export const HARSH = { accelerationMs2: 2.8, brakingMs2: 3.5, turnDegPerS: 30, turnMinKmh: 20, maxGapS: 3 } as const;
/** Night: 22:00 to 06:00 China time. */
const NIGHT_START_S = 22 * 3600;
const NIGHT_END_S = 6 * 3600;

/** The fields of a trusted track point that a day's statistics read. */
export interface DayPointInput {
  gpsTime: number;
  latitudeE6: number;
  longitudeE6: number;
  speedDkmh: number | null;
  direction: number;
  accState: number;
  alarmFlags: number;
  mileageHm: number | null;
  fuelDl: number | null;
}

/** The last point folded into a day: what the next interval is measured from. */
interface DayLastPoint {
  gpsTime: number;
  latitudeE6: number;
  longitudeE6: number;
  speedDkmh: number;
  direction?: number;
  accState: number;
  overspeed: boolean;
  fatigue?: boolean;
}

/**
 * One reporting day (China Standard Time) of one terminal, folded point by point from its trusted
 * fixes in time order: in the live state as points arrive, and again from track_point when a
 * blind-area upload lands inside a day already folded (see DayStatsRecompute). Each day is folded
 * from its own points only, so the interval across midnight belongs to neither day.
 */
export interface DayStats {
  day: string;
  odometerStartHm: number | null;
  odometerEndHm: number | null;
  /** Sum of distances between consecutive fixes of the day, impossible jumps excluded, metres. */
  computedM: number;
  points: number;
  /** Seconds between consecutive fixes, counted to the earlier one: moving, or still with ACC on. */
  drivingS: number;
  idleS: number;
  /** Stops: still (below the stop speed) for at least the minimum stop time. */
  stopCount: number;
  /** Trips: a start of movement after the day began or after a counted stop. */
  tripCount: number;
  maxSpeedDkmh: number;
  /** Overspeed alarms (alarm bit 1 rising) and the seconds it stayed set. */
  overspeedCount: number;
  overspeedS: number;
  /** Fuel used: the sum of falls of the fuel reading (rises are refuelling), 0.1 L. */
  fuelUsedDl: number;
  /** Harsh acceleration, braking and turning (see HARSH). */
  harshAccelCount: number;
  harshBrakeCount: number;
  harshTurnCount: number;
  /** Fatigue alarms (alarm bit 2 rising). */
  fatigueCount: number;
  /** Driving seconds between 22:00 and 06:00 China time. */
  nightDrivingS: number;
  last?: DayLastPoint;
  lastFuelDl?: number;
  stillSinceS?: number;
  stopCounted?: boolean;
  inTrip?: boolean;
}

export interface DayRules {
  /** Below this speed a vehicle is still (TRACKING_STOP_SPEED_KMH). */
  stopSpeedKmh: number;
  /** A still spell this long counts as a stop (TRACKING_MIN_STOP_S). */
  minStopS: number;
  /** A gap between fixes longer than this (TRACKING_OFFLINE_TIMEOUT_S) is not counted as driving or idling. */
  maxGapS: number;
  /** Distance that needs a faster speed is a jump and is not counted (TRACKING_MAX_SPEED_KMH). */
  maxSpeedKmh: number;
}

export const DEFAULT_DAY_RULES: DayRules = { stopSpeedKmh: 3, minStopS: 180, maxGapS: 300, maxSpeedKmh: 250 };

/**
 * A day with nothing folded yet. `before`, the day before's statistics, carries its last point
 * (and odometer and fuel readings) over when the first point of this day comes within the gap:
 * the interval across midnight then counts to the new day, and daily mileages add up to the
 * distance driven. A trip or an overspeed that runs across midnight counts in both days.
 */
export function newDayStats(day: string, before?: DayStats, firstTimeS?: number, maxGapS = Infinity): DayStats {
  const stats: DayStats = { day, odometerStartHm: null, odometerEndHm: null, computedM: 0, points: 0, drivingS: 0, idleS: 0, stopCount: 0, tripCount: 0, maxSpeedDkmh: 0, overspeedCount: 0, overspeedS: 0, fuelUsedDl: 0, harshAccelCount: 0, harshBrakeCount: 0, harshTurnCount: 0, fatigueCount: 0, nightDrivingS: 0 };
  if (before?.last && firstTimeS !== undefined && firstTimeS - before.last.gpsTime <= maxGapS) {
    stats.last = { ...before.last };
    stats.odometerStartHm = before.odometerEndHm;
    stats.odometerEndHm = before.odometerEndHm;
    stats.lastFuelDl = before.lastFuelDl;
  }
  return stats;
}

/** Kilometres of a reporting day: the odometer difference when the terminal reports one, else the computed path. */
export function dayMileageMeters(day: Pick<DayStats, 'odometerStartHm' | 'odometerEndHm' | 'computedM'>): number {
  if (day.odometerStartHm !== null && day.odometerEndHm !== null && day.odometerEndHm >= day.odometerStartHm) {
    return (day.odometerEndHm - day.odometerStartHm) * 100;
  }
  return Math.round(day.computedM);
}

/** Folds the next trusted point of the day (newer than every point folded so far). */
export function foldDayPoint(stats: DayStats, point: DayPointInput, rules: DayRules): void {
  const previous = stats.last;
  const speed = point.speedDkmh ?? 0;
  const overspeed = (point.alarmFlags & ALARM_OVERSPEED) !== 0;
  const fatigue = (point.alarmFlags & ALARM_FATIGUE) !== 0;
  const moving = speed >= rules.stopSpeedKmh * 10;
  stats.points++;
  if (point.mileageHm !== null) {
    stats.odometerStartHm ??= point.mileageHm;
    stats.odometerEndHm = point.mileageHm;
  }
  stats.maxSpeedDkmh = Math.max(stats.maxSpeedDkmh, speed);
  if (point.fuelDl !== null) {
    if (stats.lastFuelDl !== undefined && point.fuelDl < stats.lastFuelDl) stats.fuelUsedDl += stats.lastFuelDl - point.fuelDl;
    stats.lastFuelDl = point.fuelDl;
  }
  if (previous) {
    const seconds = point.gpsTime - previous.gpsTime;
    // One distance per point: the jump rule and the day's path both use it.
    const meters = distanceMeters(previous.longitudeE6 / 1e6, previous.latitudeE6 / 1e6, point.longitudeE6 / 1e6, point.latitudeE6 / 1e6);
    if (seconds > 0 && !isImpossibleMove(meters, seconds, rules.maxSpeedKmh)) stats.computedM += meters;
    if (seconds > 0 && seconds <= rules.maxGapS) {
      if (previous.speedDkmh >= rules.stopSpeedKmh * 10) {
        stats.drivingS += seconds;
        stats.nightDrivingS += nightSeconds(previous.gpsTime, point.gpsTime);
      } else if (previous.accState === 1) stats.idleS += seconds;
      if (previous.overspeed) stats.overspeedS += seconds;
    }
    if (seconds > 0 && seconds <= HARSH.maxGapS) foldHarsh(stats, previous, point, speed, seconds);
  }
  if (overspeed && !previous?.overspeed) stats.overspeedCount++;
  if (fatigue && !previous?.fatigue) stats.fatigueCount++;
  if (moving) {
    stats.stillSinceS = undefined;
    stats.stopCounted = false;
    if (!stats.inTrip) {
      stats.tripCount++;
      stats.inTrip = true;
    }
  } else {
    stats.stillSinceS ??= point.gpsTime;
    if (!stats.stopCounted && stats.tripCount > 0 && point.gpsTime - stats.stillSinceS >= rules.minStopS) {
      stats.stopCount++;
      stats.stopCounted = true;
      stats.inTrip = false;
    }
  }
  stats.last = { gpsTime: point.gpsTime, latitudeE6: point.latitudeE6, longitudeE6: point.longitudeE6, speedDkmh: speed, direction: point.direction, accState: point.accState, overspeed, fatigue };
}

function foldHarsh(stats: DayStats, previous: DayLastPoint, point: DayPointInput, speedDkmh: number, seconds: number): void {
  const accelerationMs2 = ((speedDkmh - previous.speedDkmh) / 36) / seconds;
  if (accelerationMs2 >= HARSH.accelerationMs2) stats.harshAccelCount++;
  else if (-accelerationMs2 >= HARSH.brakingMs2) stats.harshBrakeCount++;
  if (previous.direction === undefined || Math.min(speedDkmh, previous.speedDkmh) < HARSH.turnMinKmh * 10) return;
  const turn = Math.abs(((point.direction - previous.direction + 540) % 360) - 180);
  if (turn / seconds >= HARSH.turnDegPerS) stats.harshTurnCount++;
}

/** Seconds of [fromS, toS) between 22:00 and 06:00 China time. */
export function nightSeconds(fromS: number, toS: number): number {
  let night = 0;
  for (let t = fromS; t < toS; ) {
    const secondOfDay = chinaSecondOfDay(t * 1000);
    const isNight = secondOfDay >= NIGHT_START_S || secondOfDay < NIGHT_END_S;
    const boundary = isNight ? (secondOfDay >= NIGHT_START_S ? 86_400 + NIGHT_END_S : NIGHT_END_S) : NIGHT_START_S;
    const next = Math.min(toS, t + (boundary - secondOfDay));
    if (isNight) night += next - t;
    t = next;
  }
  return night;
}
