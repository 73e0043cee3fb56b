import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { inScope, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { compassName, Crs, crsOfMapType, simplifyPath, toMapCoordinates, type LngLat } from '@openfleet/geo';
import type { DataSource } from 'typeorm';
import { formatCst } from '../common/time-window';
import { PointQuality } from '../ingest/track-point';
import { LiveStateService } from '../live-state/live-state.service';
import { VehicleRegistryCache } from '../registry/vehicle-registry.cache';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { segmentTrips, type StopSegment, type TrackSample, type TripSegment } from './track-math';

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

interface StoredPoint {
  gps_time: number;
  latitude_e6: number;
  longitude_e6: number;
  map_latitude_e6: number;
  map_longitude_e6: number;
  altitude_m: number | null;
  speed_dkmh: number | null;
  recorded_speed_dkmh: number | null;
  direction: number;
  alarm_flags: number;
  status_flags: number;
  mileage_hm: number | null;
  fuel_dl: number | null;
  acc_state: number;
  lifting_state: number | null;
  load_condition: number | null;
  open_cap_state: number | null;
  blind_area: number;
  quality: number;
}

/** A loaded track: trusted points in time order with their samples for the computations. */
export interface LoadedTrack {
  rows: StoredPoint[];
  samples: TrackSample[];
}

const UNTRUSTED = PointQuality.NO_FIX | PointQuality.JUMP;

@Injectable()
export class TrackQueryService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly registry: VehicleRegistryCache,
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
      return { vehicleId, terminalPhone: entry.terminalPhone, plateCode: entry.plateCode };
    }
    const state = this.live.get(vehicleId);
    if (user.superAdmin && state) return { vehicleId, terminalPhone: state.terminalPhone, plateCode: '' };
    throw new AppError(ErrorCode.VEHICLE_NOT_FOUND);
  }

  /** Trusted points of a terminal in [startS, endS] (no-fix and jump points are stored but not drawn). */
  async load(terminalPhone: string, startS: number, endS: number): Promise<LoadedTrack> {
    if (!terminalPhone) return { rows: [], samples: [] };
    const rows: StoredPoint[] = await this.dataSource.query(
      `SELECT gps_time, latitude_e6, longitude_e6, map_latitude_e6, map_longitude_e6, altitude_m, speed_dkmh, recorded_speed_dkmh,
              direction, alarm_flags, status_flags, mileage_hm, fuel_dl, acc_state, lifting_state, load_condition, open_cap_state,
              blind_area, quality
         FROM track_point WHERE terminal_phone = ? AND gps_time BETWEEN ? AND ? AND (quality & ?) = 0
        ORDER BY gps_time, sequence`,
      [terminalPhone, startS, endS, UNTRUSTED],
    );
    const samples = rows.map((row) => ({
      gpsTime: Number(row.gps_time),
      lng: row.longitude_e6 / 1e6,
      lat: row.latitude_e6 / 1e6,
      speedKmh: (row.speed_dkmh ?? 0) / 10,
      accOn: row.acc_state === 1,
      mileageKm: row.mileage_hm === null ? null : row.mileage_hm / 10,
      oilL: row.fuel_dl === null ? null : row.fuel_dl / 10,
    }));
    return { rows, samples };
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
      const lng = row.longitude_e6 / 1e6;
      const lat = row.latitude_e6 / 1e6;
      const [mapLng, mapLat] = storedIsRight ? [row.map_longitude_e6 / 1e6, row.map_latitude_e6 / 1e6] : toMapCoordinates(lng, lat, mapType);
      return {
        gpsTime: formatCst(Number(row.gps_time)),
        liftingState: row.lifting_state,
        loadCondition: row.load_condition,
        openCapState: row.open_cap_state,
        high: row.altitude_m,
        gpsSpeed: row.speed_dkmh === null ? null : row.speed_dkmh / 10,
        dspeed: row.recorded_speed_dkmh === null ? null : row.recorded_speed_dkmh / 10,
        oilMass: row.fuel_dl === null ? null : row.fuel_dl / 10,
        accState: row.acc_state,
        mapLatitude: round6(mapLat),
        mapLongitude: round6(mapLng),
        latitude: lat,
        longitude: lng,
        direction: row.direction,
        directionName: compassName(row.direction),
        mileage: row.mileage_hm === null ? null : row.mileage_hm / 10,
        alarmFlags: Number(row.alarm_flags),
        statusFlags: Number(row.status_flags),
        blindArea: row.blind_area,
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
