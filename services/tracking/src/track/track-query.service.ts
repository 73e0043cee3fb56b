import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { inScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { compassName, Crs, crsOfMapType, simplifyPath, toMapCoordinates, type LngLat } from '@openfleet/geo';
import type { DataSource } from 'typeorm';
import { formatCst } from '../common/time-window';
import { PointQuality } from '../ingest/track-point';
import { LiveStateService } from '../live-state/live-state.service';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { segmentTrips, type StopSegment, type TrackSample, type TripSegment } from './track-math';
import {
  ACC_STATE, ALARM_FLAGS, ALTITUDE_M, BLIND_AREA, DIRECTION, FUEL_DL, GPS_TIME, LATITUDE_E6, LIFTING_STATE, LOAD_CONDITION, LONGITUDE_E6, MAP_LATITUDE_E6,
  MAP_LONGITUDE_E6, MILEAGE_HM, OPEN_CAP_STATE, RECORDED_SPEED_DKMH, SPEED_DKMH, STATUS_FLAGS, TRACK_ROW_COLUMNS, type TrackRow,
} from './track-row';

/** The vehicle a query is about, after the scope check. */
export interface ResolvedVehicle {
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
}

/** A track point as the console reads it (spec §3 names, plus the raw WGS-84 position). */
export interface TrackPointView {
  gpsTime: string;
  liftingState: number | null;
  loadCondition: number | null;
  openCapState: number | null;
  high: number | null;
  gpsSpeed: number | null;
  dspeed: number | null;
  oilMass: number | null;
  accState: number;
  mapLatitude: number;
  mapLongitude: number;
  latitude: number;
  longitude: number;
  direction: number;
  directionName: string;
  mileage: number | null;
  alarmFlags: number;
  statusFlags: number;
  blindArea: number;
}

/** A loaded track: trusted points in time order with their samples for the computations. */
export interface LoadedTrack {
  rows: TrackRow[];
  samples: TrackSample[];
}

/** The mysql2 pool under TypeORM's MySQL driver (callback API). */
interface Mysql2Pool {
  execute(options: { sql: string; rowsAsArray: boolean }, values: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
}

/** The better-sqlite3 database under TypeORM's driver. */
interface BetterSqlite3Database {
  prepare(sql: string): { raw(toggle: boolean): { all(...values: unknown[]): unknown[] } };
}

const UNTRUSTED = PointQuality.NO_FIX | PointQuality.JUMP;
const TRACK_SQL = `SELECT ${TRACK_ROW_COLUMNS.join(', ')} FROM track_point
  WHERE terminal_phone = ? AND gps_time BETWEEN ? AND ? AND (quality & ?) = 0 ORDER BY gps_time, sequence`;

@Injectable()
export class TrackQueryService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly registry: VehicleRegistry,
    private readonly live: LiveStateService,
  ) {}

  /**
   * The vehicle behind `vehicleId` if the caller may see it; 8002 otherwise (another company's
   * vehicle looks the same as a missing one). A terminal not bound to any vehicle (open
   * registration) is addressed by its phone, and only super administrators see it.
   */
  resolve(user: AuthUser, vehicleId: string): ResolvedVehicle {
    const entry = this.registry.byVehicleId(vehicleId);
    if (entry) {
      if (!inScope(user, entry)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND);
      // The position source: its 808 terminal, or a VIN link (GB/T 32960, HJ 1239) when that is where
      // the vehicle reports from now or reported last (LiveStateService.sourceOf).
      const source = entry.vin ? this.live.sourceOf(entry)?.terminalPhone : undefined;
      return { vehicleId, terminalPhone: source ?? (entry.terminalPhone && canonicalTerminalPhone(entry.terminalPhone)), plateCode: entry.plateCode };
    }
    const state = this.live.get(vehicleId);
    if (user.superAdmin && state) return { vehicleId, terminalPhone: state.terminalPhone, plateCode: '' };
    throw new AppError(ErrorCode.VEHICLE_NOT_FOUND);
  }

  /** Trusted points of a terminal in [startS, endS] (no-fix and jump points are stored but not drawn). */
  async load(terminalPhone: string, startS: number, endS: number): Promise<LoadedTrack> {
    if (!terminalPhone) return { rows: [], samples: [] };
    const rows = await this.selectRows(TRACK_SQL, [terminalPhone, startS, endS, UNTRUSTED]);
    const samples = rows.map(
      (row): TrackSample => ({
        gpsTime: Number(row[GPS_TIME]),
        lng: (row[LONGITUDE_E6] as number) / 1e6,
        lat: (row[LATITUDE_E6] as number) / 1e6,
        speedKmh: (row[SPEED_DKMH] ?? 0) / 10,
        accOn: row[ACC_STATE] === 1,
        mileageKm: tenths(row[MILEAGE_HM]),
        oilL: tenths(row[FUEL_DL]),
      }),
    );
    return { rows, samples };
  }

  /**
   * What the stored rows of a terminal's window look like: their count and first time, all rows
   * (flagged ones too). Rows are only ever added (a late point raises the count) or dropped with
   * whole old days (the first time moves), so an unchanged fingerprint means unchanged rows.
   */
  async fingerprint(terminalPhone: string, startS: number, endS: number): Promise<string> {
    const [row]: { n: number | string; first: number | string | null }[] = await this.dataSource.query(
      'SELECT COUNT(*) AS n, MIN(gps_time) AS first FROM track_point WHERE terminal_phone = ? AND gps_time BETWEEN ? AND ?',
      [terminalPhone, startS, endS],
    );
    return `${Number(row?.n ?? 0)}:${row?.first ?? ''}`;
  }

  /**
   * Rows as arrays straight from the driver: on MySQL the binary protocol (integers arrive as
   * integers, not text to parse) and one array per row instead of an object with 18 named fields,
   * which measured about a quarter faster for a vehicle-day than TypeORM's query().
   */
  private async selectRows(sql: string, values: (string | number)[]): Promise<TrackRow[]> {
    const driver = this.dataSource.driver as unknown as { pool?: Mysql2Pool; databaseConnection?: BetterSqlite3Database };
    if (this.dataSource.options.type === 'mysql' && driver.pool) {
      const pool = driver.pool;
      return new Promise((resolve, reject) => pool.execute({ sql, rowsAsArray: true }, values, (error, rows) => (error ? reject(error) : resolve(rows as TrackRow[]))));
    }
    if (this.dataSource.options.type === 'better-sqlite3' && driver.databaseConnection) {
      return driver.databaseConnection.prepare(sql).raw(true).all(...values) as TrackRow[];
    }
    const objects: Record<string, number | null>[] = await this.dataSource.query(sql, values);
    return objects.map((object) => TRACK_ROW_COLUMNS.map((column) => object[column]));
  }

  /** Indices to draw: every point, or key points (Douglas-Peucker keeping every stop's ends). */
  pick(track: LoadedTrack, allLocations: boolean): number[] {
    if (allLocations) return track.rows.map((_, index) => index);
    const { stops } = this.segments(track);
    const keep = stops.flatMap((stop) => [stop.index, lastStandingIndex(track.samples, stop)]);
    return simplifyPath(track.samples.map((sample): LngLat => [sample.lng, sample.lat]), this.config.TRACKING_KEY_POINT_TOLERANCE_M, keep);
  }

  segments(track: LoadedTrack): { trips: TripSegment[]; stops: StopSegment[] } {
    return segmentTrips(track.samples, this.config.TRACKING_STOP_SPEED_KMH, this.config.TRACKING_MIN_STOP_S);
  }

  /** Console view of the picked points, positions in the caller's map type. */
  view(track: LoadedTrack, indices: readonly number[], mapType: number): TrackPointView[] {
    const storedIsRight = crsOfMapType(mapType) === Crs.GCJ02;
    return indices.map((index) => {
      const row = track.rows[index];
      const lng = (row[LONGITUDE_E6] as number) / 1e6;
      const lat = (row[LATITUDE_E6] as number) / 1e6;
      const [mapLng, mapLat] = storedIsRight ? [(row[MAP_LONGITUDE_E6] as number) / 1e6, (row[MAP_LATITUDE_E6] as number) / 1e6] : toMapCoordinates(lng, lat, mapType);
      return {
        gpsTime: formatCst(Number(row[GPS_TIME])),
        liftingState: row[LIFTING_STATE],
        loadCondition: row[LOAD_CONDITION],
        openCapState: row[OPEN_CAP_STATE],
        high: row[ALTITUDE_M],
        gpsSpeed: tenths(row[SPEED_DKMH]),
        dspeed: tenths(row[RECORDED_SPEED_DKMH]),
        oilMass: tenths(row[FUEL_DL]),
        accState: row[ACC_STATE] as number,
        mapLatitude: round6(mapLat),
        mapLongitude: round6(mapLng),
        latitude: lat,
        longitude: lng,
        direction: row[DIRECTION] as number,
        directionName: compassName(row[DIRECTION] as number),
        mileage: tenths(row[MILEAGE_HM]),
        alarmFlags: Number(row[ALARM_FLAGS]),
        statusFlags: Number(row[STATUS_FLAGS]),
        blindArea: row[BLIND_AREA] as number,
      };
    });
  }
}

function lastStandingIndex(samples: readonly TrackSample[], stop: StopSegment): number {
  let index = stop.index;
  while (index + 1 < samples.length && samples[index + 1].gpsTime < stop.endTime) index++;
  return index;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const tenths = (value: number | null) => (value === null ? null : value / 10);
