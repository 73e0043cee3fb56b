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

export type { LivePosition } from '@openfleet/contracts/live';
