/**
 * Position shapes the browser reads, shared by the services that send them and the console (types
 * only).
 */

/**
 * One item of the `positions` socket.io event the api live hub pushes to browsers: the newest
 * position of a vehicle the client follows, in WGS-84 (the console converts for its map type).
 */
export interface LivePosition {
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  gpsTimeS: number;
  receivedAtMs: number;
  latitude: number;
  longitude: number;
  altitudeM: number;
  speedKmh: number;
  direction: number;
  alarmFlags: number;
  statusFlags: number;
  mileageKm: number | null;
  /** JT/T 1078 video alarm items (0x14-0x18); absent when the report carried no 0x14 item (no video alarm). */
  videoAlarms?: LiveVideoAlarms;
}

/** The video alarm items of a position as the 0x0200 extras carry them (JT/T 1078 tables 13-17). */
export interface LiveVideoAlarms {
  /** 0x14: VIDEO_ALARM_FLAGS bits. */
  flags: number;
  /** 0x15: bit n set = logical channel n+1 lost its signal. */
  signalLossChannels: number;
  /** 0x16: bit n set = logical channel n+1 occluded. */
  occlusionChannels: number;
  /** 0x17: bits 0-11 main storage units 1-12, bits 12-15 disaster-recovery units 1-4. */
  storageFaults: number;
  /** 0x18: behaviour bits (0 fatigue, 1 phone call, 2 smoking) and fatigue level 0-100, when sent. */
  abnormalDriving: { behaviours: number; fatigueLevel: number } | null;
}

/** One vehicle's latest state as `findLatestPositions` / `findScopeOverview` answer it (tracking service). */
export interface LatestPosition {
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  plateColor: number | null;
  companyId: string;
  fleetId: string;
  vehicleStatus: number;
  locateStatus: number;
  displayStatus: string;
  alarmCount: number;
  alarmFlags: number;
  gpsTime: string | null;
  gpsSpeed: number;
  direction: number;
  directionName: string;
  /** WGS-84 degrees. */
  latitude: number | null;
  longitude: number | null;
  /** In the caller's map type (`mapType`). */
  mapLatitude: number | null;
  mapLongitude: number | null;
  /** Province, city and district of the latest fix ("北京市东城区"), '' without one or outside China; only when vehicleIds lists the vehicle. */
  place?: string;
  high: number | null;
  accState: number;
  mileage: number | null;
  oilMass: number | null;
  todayMileage: number;
}

/** Counts of the caller's scope (gps/position/findScopeOverview: the home screen, the tree icons). */
export interface ScopeOverview {
  total: number;
  online: number;
  offline: number;
  /** Percent, two decimals. */
  onlineRate: number;
  byStatus: Record<string, number>;
  byCompany: Record<string, { total: number; online: number }>;
  /** With `withVehicles=1`: every vehicle's latest position. */
  vehicles?: LatestPosition[];
}
