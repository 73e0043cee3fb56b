import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { VEHICLE_TRACKS_MAX_VEHICLES, VEHICLE_TRACKS_WINDOW_DAYS, type ComparedPoint, type ComparedTrack } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { formatCst, queryWindow } from '../common/time-window';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { VehicleTracksQuery } from './dto/vehicle-tracks.dto';
import { dailyMileageFigures } from './daily-mileage.service';
import { TrackQueryService, type LoadedTrack } from './track-query.service';
import { DIRECTION } from './track-row';

/**
 * Several vehicles' tracks of one window side by side (the vehicleTrack screen). One request with
 * one window check and a scope check per vehicle, instead of two per-vehicle calls each whose action
 * codes belong to other screens; the summary (driving time, max speed, stops) is computed here with
 * the same trip split and mileage rule as the history endpoints.
 */
@Injectable()
export class VehicleTracksService {
  constructor(
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly tracks: TrackQueryService,
  ) {}

  async compare(user: AuthUser, query: VehicleTracksQuery): Promise<ComparedTrack[]> {
    const ids = [...new Set(query.vehicleIds.split(',').map((id) => id.trim()).filter(Boolean))];
    if (!ids.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'vehicleIds' } });
    if (ids.length > VEHICLE_TRACKS_MAX_VEHICLES) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `at most ${VEHICLE_TRACKS_MAX_VEHICLES} vehicles`, data: { field: 'vehicleIds', max: VEHICLE_TRACKS_MAX_VEHICLES } });
    const { startS, endS } = queryWindow(query.startTime, query.endTime, VEHICLE_TRACKS_WINDOW_DAYS);
    // Every vehicle is checked before any row is read: one out of scope refuses the whole request (8002).
    const vehicles = ids.map((id) => this.tracks.resolve(user, id));
    const result: ComparedTrack[] = [];
    for (const vehicle of vehicles) {
      const track = await this.tracks.load(vehicle.terminalPhone, startS, endS);
      result.push({ vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, ...this.summary(track), points: this.points(track, query.isAllLocations === 1) });
    }
    return result;
  }

  private summary(track: LoadedTrack): Omit<ComparedTrack, 'vehicleId' | 'plateCode' | 'points'> {
    const { trips, stops } = this.tracks.segments(track);
    const figures = dailyMileageFigures(track.samples, this.config.TRACKING_MAX_SPEED_KMH);
    const first = track.samples[0];
    const last = track.samples[track.samples.length - 1];
    return {
      mileageKm: figures.mileageTotal,
      drivingS: trips.reduce((sum, trip) => sum + trip.durationS, 0),
      maxSpeed: track.samples.reduce((max, sample) => Math.max(max, sample.speedKmh), 0),
      averageSpeed: figures.averageSpeed,
      stopCount: stops.length,
      pointCount: track.samples.length,
      startTime: first ? formatCst(first.gpsTime) : null,
      endTime: last ? formatCst(last.gpsTime) : null,
    };
  }

  private points(track: LoadedTrack, allLocations: boolean): ComparedPoint[] {
    return this.tracks.pick(track, allLocations).map((index) => {
      const sample = track.samples[index];
      return { t: sample.gpsTime, lng: sample.lng, lat: sample.lat, speed: sample.speedKmh, direction: Number(track.rows[index][DIRECTION] ?? 0) };
    });
  }
}
