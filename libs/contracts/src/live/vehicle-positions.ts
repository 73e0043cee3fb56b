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
  high: number | null;
  accState: number;
  mileage: number | null;
  oilMass: number | null;
  todayMileage: number;
}
