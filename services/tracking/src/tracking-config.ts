import { IsIn, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The tracking service's own settings (environment variable names), validated at start. */
export class TrackingConfig {
  /** Most track points written by one multi-row INSERT. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  TRACKING_INSERT_CHUNK = 2000;

  /**
   * MySQL: write track points with LOAD DATA LOCAL INFILE (about 40 % less database CPU per row
   * than multi-row INSERTs; needs `local_infile=ON` on the server, else the writer falls back to
   * INSERT by itself), or always with INSERT.
   */
  @IsIn(['auto', 'off'])
  TRACKING_BULK_LOAD = 'auto';

  /** Consumer group of the ingest (one per deployment; the members share the partitions). */
  @IsString()
  @IsNotEmpty()
  TRACKING_INGEST_GROUP = 'tracking-ingest';

  /** Where a group without committed offsets starts: the whole retained topic, or only new records. */
  @IsIn(['earliest', 'latest'])
  TRACKING_INGEST_FROM = 'earliest';

  /** Records handed to the ingest handler per bus batch. */
  @IsInt()
  @Min(1)
  TRACKING_CONSUME_BATCH = 20_000;

  /** Kafka: partitions of tracking.position.v1 one member ingests at once (one transaction each). */
  @IsInt()
  @Min(1)
  @Max(12)
  TRACKING_INGEST_PARTITIONS_AT_ONCE = 4;

  /** MySQL: daily partitions of track_point older than this are dropped by the maintenance job. */
  @IsInt()
  @Min(1)
  TRACKING_RETENTION_DAYS = 180;

  /** MySQL: daily partitions created ahead of today. */
  @IsInt()
  @Min(1)
  @Max(60)
  TRACKING_PARTITIONS_AHEAD = 7;

  @IsInt()
  @Min(1000)
  TRACKING_MAINTENANCE_INTERVAL_MS = 3_600_000;

  /** A vehicle with an open session but nothing heard for this long counts as offline. */
  @IsInt()
  @Min(10)
  TRACKING_OFFLINE_TIMEOUT_S = 300;

  /** Implied speed between two fixes above which the later fix is flagged as a jump. */
  @IsInt()
  @Min(50)
  TRACKING_MAX_SPEED_KMH = 250;

  /** Longest window of one track query (history, findDailyMileage); beyond: error 300. */
  @IsInt()
  @Min(1)
  @Max(180)
  TRACKING_TRACK_WINDOW_DAYS = 3;

  /**
   * Memory for finished findDailyMileage answers (gzip bytes, or the JSON text for isCompress=0),
   * megabytes, least recently used dropped first; 0 turns the cache off. An answer is served again
   * only while the stored rows of its terminal and window are unchanged: their count and first time
   * (see track/track-answer-cache.ts).
   */
  @IsInt()
  @Min(0)
  @Max(4096)
  TRACKING_TRACK_CACHE_MB = 64;

  /** Longest window of a day-by-day report (mileage, online rate, vehicle operation); beyond: error 300. */
  @IsInt()
  @Min(1)
  @Max(366)
  TRACKING_MILEAGE_WINDOW_DAYS = 30;

  /** Douglas-Peucker tolerance of key-point tracks, metres. */
  @IsInt()
  @Min(1)
  TRACKING_KEY_POINT_TOLERANCE_M = 30;

  /** Speed at or under which a point counts as standing, km/h. */
  @IsInt()
  @Min(0)
  TRACKING_STOP_SPEED_KMH = 3;

  /** Shortest standstill (ACC off or speed ~0) that splits trips, seconds. */
  @IsInt()
  @Min(10)
  TRACKING_MIN_STOP_S = 180;

  /** Where offline download files are written; empty: DATA_DIR/exports (a volume every instance mounts in cluster mode). */
  @IsString()
  TRACKING_EXPORT_DIR = '';

  /** Hours a finished download file is kept; then it is deleted and the task shows as expired. */
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  TRACKING_EXPORT_TTL_H = 72;

  /** Unfinished download tasks one user may have at once (more: error 207). */
  @IsInt()
  @Min(1)
  @Max(100)
  TRACKING_EXPORT_MAX_ACTIVE = 5;

  /** How often an instance looks for a download task to run, ms. */
  @IsInt()
  @Min(50)
  TRACKING_EXPORT_POLL_MS = 1000;
}

export const TRACKING_CONFIG = Symbol('TRACKING_CONFIG');
