/**
 * One item of the `positions` socket.io event the api live hub pushes to browsers: the newest
 * position of a vehicle the client follows, in WGS-84 (the console converts for its map type).
 * Types only, shared by the hub and the console.
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
