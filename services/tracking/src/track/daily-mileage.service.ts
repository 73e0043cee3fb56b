import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { placeName } from '@openfleet/geo';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { formatCst, queryWindow } from '../common/time-window';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { dailyMileageEnvelopeJson, type DailyMileageFigures } from './daily-mileage-json';
import type { DailyMileageQuery, HistoryTrackQuery, MileageReportQuery } from './dto/track-query.dto';
import { TrackAnswerCache } from './track-answer-cache';
import { fuelUsedL, mileageKm, round, type TrackSample } from './track-math';
import { TrackQueryService } from './track-query.service';

const gzipAsync = promisify(gzip);

@Injectable()
export class DailyMileageService {
  /** Finished findDailyMileage bodies (TRACKING_TRACK_CACHE_MB). */
  readonly answers: TrackAnswerCache;

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly tracks: TrackQueryService,
  ) {
    this.answers = new TrackAnswerCache(config.TRACKING_TRACK_CACHE_MB);
  }

  /**
   * The findDailyMileage body of one vehicle over a window (spec §7): the gzip bytes of the
   * envelope, or its JSON text for isCompress=0. `data` = {listAll (JSON string of the track
   * points), charts, mileageTotal, mileageSource, averageOil, averageSpeed, oilTotal}.
   *
   * A body depends on the terminal's stored rows of the window and on the request's window,
   * isAllLocations, mapType and isCompress, nothing else (not the plate, not the live state, not
   * the time of day; the tolerances are the process's settings), so it is served again from the
   * answer cache while the rows' fingerprint is unchanged.
   */
  async dailyMileageBody(user: AuthUser, query: DailyMileageQuery): Promise<Buffer> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, this.config.TRACKING_TRACK_WINDOW_DAYS);
    // The scope check runs first, on every request: a cached body only goes to a caller who may see the vehicle.
    const { terminalPhone } = this.tracks.resolve(user, query.vehicleId);
    if (!this.answers.enabled || !terminalPhone) return this.buildBody(terminalPhone, startS, endS, query);
    const key = `${terminalPhone}|${startS}|${endS}|${query.isAllLocations}|${query.mapType}|${query.isCompress}`;
    // Read before the rows: a point stored in between makes the body newer than its fingerprint, never older.
    const fingerprint = await this.tracks.fingerprint(terminalPhone, startS, endS);
    const cached = this.answers.get(key, fingerprint);
    if (cached) return cached;
    const body = await this.buildBody(terminalPhone, startS, endS, query);
    this.answers.set(key, fingerprint, body);
    return body;
  }

  private async buildBody(terminalPhone: string, startS: number, endS: number, query: DailyMileageQuery): Promise<Buffer> {
    const track = await this.tracks.load(terminalPhone, startS, endS);
    const listed = query.isAllLocations === 1 ? null : this.tracks.pick(track, false);
    const json = dailyMileageEnvelopeJson(track.rows, listed, query.mapType, dailyMileageFigures(track.samples, this.config.TRACKING_MAX_SPEED_KMH));
    // Not Content-Encoding: the console unzips the bytes itself (spec §7). Level 1: the fastest,
    // 3.7 MB of a vehicle-day to about 130-300 KB.
    return query.isCompress === 0 ? json : gzipAsync(json, { level: 1 });
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
    return { mapLongitude: point.mapLongitude, mapLatitude: point.mapLatitude, longitude: point.longitude, latitude: point.latitude, place: placeName(point.longitude, point.latitude) };
  }
}

/** Mileage, fuel and average speed of a track over its window. */
export function dailyMileageFigures(samples: readonly TrackSample[], maxSpeedKmh: number): DailyMileageFigures {
  const mileage = mileageKm(samples, maxSpeedKmh);
  const oilTotal = fuelUsedL(samples);
  let movingCount = 0;
  let movingSum = 0;
  for (const sample of samples) {
    if (sample.speedKmh <= 0) continue;
    movingCount++;
    movingSum += sample.speedKmh;
  }
  return {
    mileageTotal: mileage.km,
    mileageSource: mileage.source,
    // Litres per 100 km over the window.
    averageOil: oilTotal !== null && mileage.km > 0 ? round((oilTotal / mileage.km) * 100, 2) : null,
    averageSpeed: movingCount ? round(movingSum / movingCount, 1) : 0,
    oilTotal,
  };
}
