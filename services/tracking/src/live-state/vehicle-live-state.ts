import { LocateStatus, vehicleDisplayStatus, type DisplayStatus } from '@openfleet/contracts';
import { cstDate } from '../common/time-window';
import { isImpossibleJump, type LastFix } from '../ingest/jump-filter';
import { PointQuality, type TrackPointRow } from '../ingest/track-point';
import { DEFAULT_DAY_RULES, foldDayPoint, newDayStats, type DayRules, type DayStats } from './day-stats';

export { dayMileageMeters } from './day-stats';

/** The newest report of a terminal, whatever its quality. */
export interface LatestReport {
  gpsTime: number;
  receivedAt: number;
  latitudeE6: number;
  longitudeE6: number;
  altitudeM: number | null;
  speedDkmh: number | null;
  direction: number;
  alarmFlags: number;
  statusFlags: number;
  mileageHm: number | null;
  fuelDl: number | null;
  accState: number;
  quality: number;
}

/** What tracking knows about one terminal (and the vehicle it is bound to); persisted as JSON. */
export interface VehicleLiveState {
  terminalPhone: string;
  vehicleId: string;
  /** From gateway.session.v2; null until the first session event. */
  sessionOnline: boolean | null;
  /** The gateway's reason when it closed the session ("closed", "idle-timeout" ...). */
  offlineReason?: string;
  /** Last time anything (session event or position) was heard, ms. */
  lastHeardMs: number;
  latest?: LatestReport;
  /** Newest trusted fix: positions, jump checks and mileage use it. */
  lastFix?: LastFix & { speedDkmh: number | null; direction: number };
  /** A fix flagged as a jump; if the next one agrees with it, the vehicle really moved (see judge). */
  jumpCandidate?: LastFix;
  /** Statistics of the newest reporting day (daily_mileage). */
  day?: DayStats;
  /** Plate the terminal reported at registration: names a terminal no vehicle is bound to (open registration). */
  reportedPlate?: string;
}

/** Reporting day (China Standard Time) of a GPS time, e.g. "2026-11-22". */
export const reportingDay = cstDate;

/**
 * Folds one stored row into the state: flags impossible jumps on the row (before it is written),
 * moves the latest report and the trusted fix forward, and accumulates the day's mileage.
 * Older rows (blind-area uploads, redeliveries) never move the state backwards: for a trusted one
 * the answer is true, and the caller folds its day again from the stored points.
 */
export function judge(state: VehicleLiveState, row: TrackPointRow, maxSpeedKmh: number, rules: DayRules = { ...DEFAULT_DAY_RULES, maxSpeedKmh }): boolean {
  // Runs once per stored point: the nested records are updated in place rather than replaced (a copy
  // for undo is taken once per batch, see copyState), and the row itself serves as the fix to compare.
  state.lastHeardMs = Math.max(state.lastHeardMs, row.receivedAt);
  if (row.vehicleId) state.vehicleId = row.vehicleId;
  const newer = !state.latest || row.gpsTime > state.latest.gpsTime;
  if ((row.quality & PointQuality.NO_FIX) === 0 && isImpossibleJump(state.lastFix, row, maxSpeedKmh)) {
    // Two consecutive fixes that agree with each other outweigh one old fix: accept the move.
    const confirmed = state.jumpCandidate && !isImpossibleJump(state.jumpCandidate, row, maxSpeedKmh) && row.gpsTime > state.jumpCandidate.gpsTime;
    if (confirmed) state.lastFix = undefined;
    else {
      row.quality |= PointQuality.JUMP;
      state.jumpCandidate = { gpsTime: row.gpsTime, latitudeE6: row.latitudeE6, longitudeE6: row.longitudeE6 };
    }
  }
  // A report flagged as a jump is left out of the latest state entirely (docs/tracking.md): its
  // time, mileage and fuel beside the previous fix's coordinates would describe no real report.
  if (newer && (row.quality & PointQuality.JUMP) === 0) {
    const latest = (state.latest ??= {} as LatestReport);
    latest.gpsTime = row.gpsTime;
    latest.receivedAt = row.receivedAt;
    latest.latitudeE6 = row.latitudeE6;
    latest.longitudeE6 = row.longitudeE6;
    latest.altitudeM = row.altitudeM;
    latest.speedDkmh = row.speedDkmh;
    latest.direction = row.direction;
    latest.alarmFlags = row.alarmFlags;
    latest.statusFlags = row.statusFlags;
    latest.mileageHm = row.mileageHm;
    latest.fuelDl = row.fuelDl;
    latest.accState = row.accState;
    latest.quality = row.quality;
  }
  const trusted = (row.quality & (PointQuality.NO_FIX | PointQuality.JUMP)) === 0;
  if (!trusted) return false;
  if (state.lastFix && row.gpsTime <= state.lastFix.gpsTime) return true;
  const day = reportingDay(row.gpsTime);
  if (!state.day || state.day.day < day) state.day = newDayStats(day, state.day, row.gpsTime, rules.maxGapS);
  if (state.day.day === day) foldDayPoint(state.day, row, rules);
  const fix = (state.lastFix ??= {} as NonNullable<VehicleLiveState['lastFix']>);
  fix.gpsTime = row.gpsTime;
  fix.latitudeE6 = row.latitudeE6;
  fix.longitudeE6 = row.longitudeE6;
  fix.speedDkmh = row.speedDkmh;
  fix.direction = row.direction;
  state.jumpCandidate = undefined;
  return false;
}

/** A copy deep enough to undo folds: every nested record judge updates in place is copied. */
export function copyState(state: VehicleLiveState): VehicleLiveState {
  return {
    ...state,
    latest: state.latest && { ...state.latest },
    lastFix: state.lastFix && { ...state.lastFix },
    jumpCandidate: state.jumpCandidate && { ...state.jumpCandidate },
    day: state.day && { ...state.day, last: state.day.last && { ...state.day.last } },
  };
}

/** Online: the session is up (or unknown) and something was heard within the timeout. */
export function isOnline(state: VehicleLiveState, nowMs: number, timeoutS: number): boolean {
  if (state.sessionOnline === false) return false;
  return state.lastHeardMs > 0 && nowMs - state.lastHeardMs <= timeoutS * 1000;
}

export function locateStatusOf(state: VehicleLiveState | undefined): LocateStatus {
  if (!state?.lastFix) return LocateStatus.ABNORMAL;
  return state.latest && state.latest.quality & PointQuality.NO_FIX ? LocateStatus.NOT_LOCATED : LocateStatus.LOCATED;
}

/** Number of alarm bits set in the newest report (what the tree shows as the alarm count). */
export function alarmCountOf(state: VehicleLiveState | undefined): number {
  let flags = (state?.latest?.alarmFlags ?? 0) >>> 0;
  let count = 0;
  while (flags) {
    flags &= flags - 1;
    count++;
  }
  return count;
}

export function displayStatusOf(state: VehicleLiveState | undefined, plateCode: string, online: boolean): DisplayStatus {
  return vehicleDisplayStatus({
    plateCode,
    locateStatus: locateStatusOf(state),
    vehicleStatus: online ? 1 : 0,
    alarmCount: alarmCountOf(state),
    gpsSpeed: state?.lastFix?.speedDkmh != null ? state.lastFix.speedDkmh / 10 : 0,
  });
}
