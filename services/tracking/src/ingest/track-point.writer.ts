import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { IdempotentRowWriter, isLocalInfileRefused } from '@openfleet/storage';
import { Readable } from 'node:stream';
import type { TrackPointRow } from './track-point';
import { trackPointTsv } from './track-point.tsv';

/** Column order of every multi-row INSERT (matches TrackPointRow). */
export const TRACK_POINT_COLUMNS = [
  'terminal_phone', 'gps_time', 'sequence', 'vehicle_id', 'received_at', 'latitude_e6', 'longitude_e6', 'map_latitude_e6',
  'map_longitude_e6', 'altitude_m', 'speed_dkmh', 'recorded_speed_dkmh', 'direction', 'alarm_flags', 'status_flags',
  'mileage_hm', 'fuel_dl', 'acc_state', 'lifting_state', 'load_condition', 'open_cap_state', 'blind_area', 'quality', 'extras',
] as const;

export function rowValues(row: TrackPointRow): (string | number | null)[] {
  return [
    row.terminalPhone, row.gpsTime, row.sequence, row.vehicleId, row.receivedAt, row.latitudeE6, row.longitudeE6, row.mapLatitudeE6,
    row.mapLongitudeE6, row.altitudeM, row.speedDkmh, row.recordedSpeedDkmh, row.direction, row.alarmFlags, row.statusFlags,
    row.mileageHm, row.fuelDl, row.accState, row.liftingState, row.loadCondition, row.openCapState, row.blindArea, row.quality, row.extras,
  ];
}

interface RawConnection {
  query(options: { sql: string; infileStreamFactory: () => Readable }, callback: (error: Error | null) => void): void;
}

/**
 * Batched, idempotent writes of track points that skip rows whose key (terminal, gps time,
 * sequence) already exists, so a redelivered batch never duplicates (see IdempotentRowWriter).
 * MySQL: `LOAD DATA LOCAL INFILE ... IGNORE` of the TSV bytes `trackPointTsv` writes (the same
 * statement as libs/storage's `bulkLoad`, fed Buffers instead of a string per row); when the server
 * refuses it, IdempotentRowWriter's `INSERT IGNORE` from then on. SQLite: IdempotentRowWriter.
 */
@Injectable()
export class TrackPointWriter {
  private readonly logger = new Logger(TrackPointWriter.name);
  private readonly writer: IdempotentRowWriter;
  private bulkLoad: boolean;
  private readonly loadSql = `LOAD DATA LOCAL INFILE 'stream' IGNORE INTO TABLE track_point CHARACTER SET utf8mb4 (${TRACK_POINT_COLUMNS.join(',')})`;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(TRACKING_CONFIG) config: TrackingConfig,
  ) {
    this.bulkLoad = dataSource.options.type !== 'better-sqlite3' && config.TRACKING_BULK_LOAD === 'auto';
    this.writer = new IdempotentRowWriter(dataSource, {
      table: 'track_point',
      columns: TRACK_POINT_COLUMNS,
      chunkRows: config.TRACKING_INSERT_CHUNK,
      bulkLoad: 'off',
      warn: (message) => this.logger.warn(message),
    });
  }

  /** Writes every row in the caller's transaction; resolves only once the statement has run. */
  async write(rows: readonly TrackPointRow[], manager: EntityManager): Promise<void> {
    if (!rows.length) return;
    if (this.bulkLoad) {
      try {
        await this.load(rows, manager);
        return;
      } catch (error) {
        if (!isLocalInfileRefused(error)) throw error;
        // A refused statement leaves the transaction usable: go on with INSERTs, now and from now on.
        this.bulkLoad = false;
        this.logger.warn(`LOAD DATA LOCAL INFILE refused (${(error as Error).message}); writing track_point with INSERT (set local_infile=ON on the server for faster ingest)`);
      }
    }
    await this.writer.write(rows.map(rowValues), manager);
  }

  private async load(rows: readonly TrackPointRow[], manager: EntityManager): Promise<void> {
    const connection = (manager.queryRunner as unknown as { databaseConnection?: RawConnection } | undefined)?.databaseConnection;
    if (!connection) throw new Error('track point LOAD DATA needs a transaction with a connection');
    // The stream is our buffers whatever file name the server asks for: the server can never read a local file.
    const pieces = trackPointTsv(rows);
    await new Promise<void>((resolve, reject) =>
      connection.query({ sql: this.loadSql, infileStreamFactory: () => Readable.from(pieces) }, (error) => (error ? reject(error) : resolve())),
    );
  }
}
