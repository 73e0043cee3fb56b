import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cstDate, RateLimitedLog } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import type { MediaStream } from '../media/media-stream';
import { StreamHub } from '../media/stream-hub';
import { VideoDirectory } from '../registry/video-directory';

const FLUSH_INTERVAL_MS = 60_000;

/**
 * Counts media traffic per vehicle, channel and day (videoflux): every minute, and when a stream
 * ends, the bytes its link received since the last count are added to the day's row with one
 * atomic upsert, so several instances may add to the same row.
 */
@Injectable()
export class FluxRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly log = new RateLimitedLog(new Logger('VideoFlux'));
  private timer?: NodeJS.Timeout;
  private readonly countedUntil = new WeakMap<MediaStream, number>();

  constructor(
    @InjectDataSource('video') private readonly dataSource: DataSource,
    private readonly hub: StreamHub,
    private readonly directory: VideoDirectory,
  ) {}

  onModuleInit(): void {
    this.hub.onRetire = (stream) => void this.record(stream, true, Date.now());
    this.timer = setInterval(() => void this.flush(Date.now()), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    // Streams closed by the shutdown after this point are not counted: the database goes next.
    this.hub.onRetire = undefined;
    await this.flush(Date.now());
  }

  async flush(now: number): Promise<void> {
    for (const stream of this.hub.all()) await this.record(stream, false, now);
  }

  /** Adds what the stream received since it was last counted; `ended` counts the session. */
  async record(stream: MediaStream, ended: boolean, now: number): Promise<void> {
    const bytes = stream.unsavedBytes;
    const from = this.countedUntil.get(stream) ?? stream.startedAt;
    const seconds = stream.lastPacketAt > from ? Math.round((Math.min(now, stream.lastPacketAt) - from) / 1000) : 0;
    const sessions = ended && stream.bytesIn > 0 ? 1 : 0;
    if (!bytes && !sessions) return;
    stream.unsavedBytes = 0;
    this.countedUntil.set(stream, now);
    const vehicle = this.directory.vehicles.byVehicleId(stream.owner.vehicleId);
    const row = [cstDate(now / 1000), stream.owner.vehicleId, stream.owner.channel, stream.owner.plateCode, pathOf((vehicle?.companyPath ?? []).map(String)), pathOf((vehicle?.fleetPath ?? []).map(String)), bytes, seconds, sessions];
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const sql = sqlite
      ? 'INSERT INTO video_flux (day, vehicle_id, channel, plate_code, company_path, fleet_path, bytes, seconds, sessions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(day, vehicle_id, channel) DO UPDATE SET bytes = bytes + excluded.bytes, seconds = seconds + excluded.seconds, sessions = sessions + excluded.sessions'
      : 'INSERT INTO video_flux (day, vehicle_id, channel, plate_code, company_path, fleet_path, bytes, seconds, sessions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE bytes = bytes + VALUES(bytes), seconds = seconds + VALUES(seconds), sessions = sessions + VALUES(sessions)';
    try {
      await this.dataSource.query(sql, row);
    } catch (error) {
      // Not lost for good: the bytes go back on the stream and the next flush retries.
      stream.unsavedBytes += bytes;
      this.log.write('warn', `traffic of ${stream.key} not saved: ${(error as Error).message}`);
    }
  }
}
