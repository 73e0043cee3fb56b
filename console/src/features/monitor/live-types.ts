/** `findLatestPositions` / `findScopeOverview` row (tracking service, docs/tracking.md). */
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
  latitude: number | null;
  longitude: number | null;
  high: number | null;
  accState: number;
  mileage: number | null;
  oilMass: number | null;
  todayMileage: number;
}

/** One `positions` socket item (services/api live hub): WGS-84, the console converts for its map. */
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
