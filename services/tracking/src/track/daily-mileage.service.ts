import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { DataSource } from 'typeorm';
import { formatCst, queryWindow } from '../common/time-window';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { DailyMileageQuery, HistoryTrackQuery, MileageReportQuery } from './dto/track-query.dto';
import { fuelUsedL, mileageKm, round } from './track-math';
import { TrackQueryService, type TrackPointView } from './track-query.service';

/** `data` of findDailyMileage (spec §7): listAll is a JSON string of track points. */
export interface DailyMileageData {
  listAll: string;
  charts: { gpsTime: string[]; gpsSpeed: (number | null)[]; oilMass: (number | null)[]; high: (number | null)[] };
  mileageTotal: number;
  mileageSource: 'odometer' | 'computed';
  averageOil: number | null;
  averageSpeed: number;
  oilTotal: number | null;
}

@Injectable()
export class DailyMileageService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly tracks: TrackQueryService,
  ) {}

  /** The track of one vehicle over a window, with the daily-mileage figures. */
  async dailyMileage(user: AuthUser, query: DailyMileageQuery): Promise<DailyMileageData> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, this.config.TRACKING_TRACK_WINDOW_DAYS);
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    const track = await this.tracks.load(vehicle.terminalPhone, startS, endS);
    const points = this.tracks.view(track, this.tracks.pick(track, query.isAllLocations === 1), query.mapType);
    const chartPoints = query.isAllLocations === 1 ? points : this.tracks.view(track, track.rows.map((_, index) => index), query.mapType);
    const mileage = mileageKm(track.samples, this.config.TRACKING_MAX_SPEED_KMH);
    const oilTotal = fuelUsedL(track.samples);
    const moving = track.samples.filter((sample) => sample.speedKmh > 0);
    return {
      listAll: JSON.stringify(points),
      charts: chartsOf(chartPoints),
      mileageTotal: mileage.km,
      mileageSource: mileage.source,
      // Litres per 100 km over the window.
      averageOil: oilTotal !== null && mileage.km > 0 ? round((oilTotal / mileage.km) * 100, 2) : null,
      averageSpeed: moving.length ? round(moving.reduce((sum, sample) => sum + sample.speedKmh, 0) / moving.length, 1) : 0,
      oilTotal,
    };
  }

  /** History track by footprint (points + stops) or by trip (trips and stops with their points). */
  async history(user: AuthUser, query: HistoryTrackQuery) {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, this.config.TRACKING_TRACK_WINDOW_DAYS);
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    const track = await this.tracks.load(vehicle.terminalPhone, startS, endS);
    const picked = this.tracks.pick(track, query.isAllLocations === 1);
    const { trips, stops } = this.tracks.segments(track);
    const stopViews = stops.map((stop) => ({
      startTime: formatCst(stop.startTime),
      endTime: formatCst(stop.endTime),
      durationS: stop.durationS,
      ...this.place(track, stop.index, query.mapType),
    }));
    const mileage = mileageKm(track.samples, this.config.TRACKING_MAX_SPEED_KMH);
    const base = { vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, mileageTotal: mileage.km, pointCount: track.rows.length, stops: stopViews };
    if (query.mode === 'footprint') return { ...base, points: this.tracks.view(track, picked, query.mapType) };
    return {
      ...base,
      trips: trips.map((trip) => ({
        startTime: formatCst(trip.startTime),
        endTime: formatCst(trip.endTime),
        durationS: trip.durationS,
        distanceKm: round(trip.distanceM / 1000, 2),
        start: this.place(track, trip.startIndex, query.mapType),
        end: this.place(track, trip.endIndex, query.mapType),
        points: this.tracks.view(track, picked.filter((index) => index >= trip.startIndex && index <= trip.endIndex), query.mapType),
      })),
    };
  }

  /** Daily mileage per vehicle and day (kept by the ingest), for the mileage report. */
  async mileageReport(user: AuthUser, query: MileageReportQuery) {
    const ids = [...new Set(query.vehicleIds.split(',').map((id) => id.trim()).filter(Boolean))];
    if (!ids.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'vehicleIds' } });
    const { startS, endS } = queryWindow(query.startTime, query.endTime, this.config.TRACKING_MILEAGE_WINDOW_DAYS);
    const vehicles = ids.map((id) => this.tracks.resolve(user, id));
    const phones = vehicles.map((vehicle) => vehicle.terminalPhone).filter(Boolean);
    const rows: { terminal_phone: string; day: string; mileage_m: number }[] = phones.length
      ? await this.dataSource.query(
          `SELECT terminal_phone, day, mileage_m FROM daily_mileage WHERE terminal_phone IN (${phones.map(() => '?').join(',')}) AND day BETWEEN ? AND ? ORDER BY day`,
          [...phones, formatCst(startS).slice(0, 10), formatCst(endS).slice(0, 10)],
        )
      : [];
    return vehicles.map((vehicle) => {
      const days = rows.filter((row) => row.terminal_phone === vehicle.terminalPhone).map((row) => ({ day: row.day, mileageKm: round(row.mileage_m / 1000, 1) }));
      return { vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, mileageTotal: round(days.reduce((sum, day) => sum + day.mileageKm, 0), 1), days };
    });
  }

  private place(track: Parameters<TrackQueryService['view']>[0], index: number, mapType: number) {
    const [point] = this.tracks.view(track, [index], mapType);
    return { mapLongitude: point.mapLongitude, mapLatitude: point.mapLatitude, longitude: point.longitude, latitude: point.latitude };
  }
}

function chartsOf(points: readonly TrackPointView[]): DailyMileageData['charts'] {
  return {
    gpsTime: points.map((point) => point.gpsTime),
    gpsSpeed: points.map((point) => point.gpsSpeed),
    oilMass: points.map((point) => point.oilMass),
    high: points.map((point) => point.high),
  };
}
