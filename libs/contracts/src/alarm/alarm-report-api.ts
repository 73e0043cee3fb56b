/** What the alarm service's reports answer (/gps/alarm/report): types only, browser-safe (`@openfleet/contracts/alarm`). */

export type AlarmReportKind = 'overspeed' | 'fatigue';

/** One overspeed or fatigue alarm of a report. */
export interface AlarmReportRow {
  id: number;
  type: string;
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  endedAt: number;
  /** Seconds from start to end (to now while it lasts). */
  durationS: number;
  maxSpeedKmh: number;
  /** The limit that was exceeded, where the alarm knows it. */
  limitKmh: number | null;
  latitude: number;
  longitude: number;
  handleStatus: number;
}

/** One vehicle of a top-10 ranking. */
export interface AlarmRankRow {
  vehicleId: string;
  plateCode: string;
  count: number;
  durationS: number;
}

/** Handling statistics of one group (type, company or day). */
export interface HandlingStatsRow {
  key: string;
  total: number;
  unhandled: number;
  handled: number;
  notProcessed: number;
  future: number;
  /** Share of alarms handled in any way (1-3), 0-1. */
  rate: number;
}
