/**
 * A stored track point as the track queries read it: one array per row (no object per row and no
 * column names to match), the columns in the order of TRACK_ROW_COLUMNS. Integers as stored:
 * positions in 1e-6 degrees, speeds in 1/10 km/h, odometer in 1/10 km, fuel in 1/10 L.
 */
export type TrackRow = readonly (number | null)[];

/** The selected columns; the constants below are their indices in a TrackRow. */
export const TRACK_ROW_COLUMNS = [
  'gps_time',
  'latitude_e6',
  'longitude_e6',
  'map_latitude_e6',
  'map_longitude_e6',
  'altitude_m',
  'speed_dkmh',
  'recorded_speed_dkmh',
  'direction',
  'alarm_flags',
  'status_flags',
  'mileage_hm',
  'fuel_dl',
  'acc_state',
  'lifting_state',
  'load_condition',
  'open_cap_state',
  'blind_area',
] as const;

export const GPS_TIME = 0;
export const LATITUDE_E6 = 1;
export const LONGITUDE_E6 = 2;
/** GCJ-02, the default map's datum, converted once at ingest. */
export const MAP_LATITUDE_E6 = 3;
export const MAP_LONGITUDE_E6 = 4;
export const ALTITUDE_M = 5;
export const SPEED_DKMH = 6;
export const RECORDED_SPEED_DKMH = 7;
export const DIRECTION = 8;
export const ALARM_FLAGS = 9;
export const STATUS_FLAGS = 10;
export const MILEAGE_HM = 11;
export const FUEL_DL = 12;
export const ACC_STATE = 13;
export const LIFTING_STATE = 14;
export const LOAD_CONDITION = 15;
export const OPEN_CAP_STATE = 16;
export const BLIND_AREA = 17;
