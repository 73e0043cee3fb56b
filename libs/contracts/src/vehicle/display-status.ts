/** Positioning state of a vehicle as the tree and the map show it. */
export const LocateStatus = {
  /** The terminal reports no usable position at all (no fix ever, or only invalid fixes). */
  ABNORMAL: 0,
  /** The latest report carries a valid fix. */
  LOCATED: 1,
  /** Reports arrive but the latest one has no fix (tunnel, garage, antenna fault). */
  NOT_LOCATED: 2,
} as const;
export type LocateStatus = (typeof LocateStatus)[keyof typeof LocateStatus];

/** The ten vehicle icons of spec §4, one per rule. */
export const DisplayStatus = {
  UNKNOWN: 'unknown',
  POSITIONING_ABNORMAL: 'positioningAbnormal',
  OFFLINE_ALARM: 'offlineAlarm',
  OFFLINE: 'offline',
  LOCATE_ALARM: 'locateAlarm',
  STOPPED_ALARM: 'stoppedAlarm',
  STOPPED: 'stopped',
  ONLINE_ALARM: 'onlineAlarm',
  ONLINE: 'online',
  LOCATED: 'located',
} as const;
export type DisplayStatus = (typeof DisplayStatus)[keyof typeof DisplayStatus];

/** What the rule looks at; the vehicle list, the tree and the live push all carry these fields. */
export interface DisplayStatusInput {
  plateCode?: string | null;
  /** {@link LocateStatus}; missing counts as not located. */
  locateStatus?: number | null;
  /** 0 offline, 1 online (spec §3); missing means the session state is not known yet. */
  vehicleStatus?: number | null;
  alarmCount?: number | null;
  /** km/h. */
  gpsSpeed?: number | null;
}

/**
 * The vehicle display status rule of spec §4, first match wins. Pure, shared by the tracking service
 * (live state, tree counts) and the console (icons), so both always agree.
 */
export function vehicleDisplayStatus(vehicle: DisplayStatusInput): DisplayStatus {
  const hasAlarms = (vehicle.alarmCount ?? 0) > 0;
  const located = vehicle.locateStatus === LocateStatus.LOCATED;
  const stopped = located && (vehicle.gpsSpeed ?? 0) === 0;
  if (!vehicle.plateCode?.trim()) return DisplayStatus.UNKNOWN; // 1
  if (vehicle.locateStatus === LocateStatus.ABNORMAL) return DisplayStatus.POSITIONING_ABNORMAL; // 2
  if (vehicle.vehicleStatus === 0) return hasAlarms ? DisplayStatus.OFFLINE_ALARM : DisplayStatus.OFFLINE; // 3, 4
  if (!located && hasAlarms) return DisplayStatus.LOCATE_ALARM; // 5
  if (stopped) return hasAlarms ? DisplayStatus.STOPPED_ALARM : DisplayStatus.STOPPED; // 6, 7
  if (vehicle.vehicleStatus === 1) return hasAlarms ? DisplayStatus.ONLINE_ALARM : DisplayStatus.ONLINE; // 8, 9
  return DisplayStatus.LOCATED; // 10: session state unknown, moving
}
