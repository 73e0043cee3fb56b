/** Most vehicles one vehicleTrack comparison may hold. */
export const VEHICLE_TRACKS_MAX_VEHICLES = 10;
/** The comparison window: one day at most (24 h). */
export const VEHICLE_TRACKS_WINDOW_DAYS = 1;

/** A compact track point of the comparison: WGS-84 position (the console converts at its map boundary). */
export interface ComparedPoint {
  /** Epoch seconds. */
  t: number;
  lng: number;
  lat: number;
  /** km/h. */
  speed: number;
  direction: number;
}

/** One vehicle of `GET /gps/vtrack/findVehicleTracks`: the legend's figures and its (key or every) points. */
export interface ComparedTrack {
  vehicleId: string;
  plateCode: string;
  mileageKm: number;
  /** Seconds moving: the sum of the trips as the history's trip split defines them. */
  drivingS: number;
  /** km/h. */
  maxSpeed: number;
  /** Average of the moving points, km/h (as findDailyMileage's averageSpeed). */
  averageSpeed: number;
  stopCount: number;
  /** Stored trusted points in the window (before key-point picking). */
  pointCount: number;
  /** "YYYY-MM-DD HH:mm:ss" CST of the first and last point; null without points. */
  startTime: string | null;
  endTime: string | null;
  points: ComparedPoint[];
}
