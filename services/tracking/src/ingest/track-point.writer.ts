import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { IdempotentRowWriter } from '@openfleet/storage';
import type { TrackPointRow } from './track-point';

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

/**
 * Batched, idempotent writes of track points that skip rows whose key (terminal, gps time,
 * sequence) already exists, so a redelivered batch never duplicates (see IdempotentRowWriter).
 */
@Injectable()
export class TrackPointWriter {
  private readonly logger = new Logger(TrackPointWriter.name);
  private readonly writer: IdempotentRowWriter;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(TRACKING_CONFIG) config: TrackingConfig,
  ) {
    this.writer = new IdempotentRowWriter(dataSource, {
      table: 'track_point',
      columns: TRACK_POINT_COLUMNS,
      chunkRows: config.TRACKING_INSERT_CHUNK,
      bulkLoad: config.TRACKING_BULK_LOAD === 'auto' ? 'auto' : 'off',
      warn: (message) => this.logger.warn(message),
    });
  }

  /** Writes every row (one transaction); resolves only once they are durable. */
  async write(rows: readonly TrackPointRow[], manager?: EntityManager): Promise<void> {
    await this.writer.write(rows.map(rowValues), manager);
  }
}
