import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { TrackPointRow } from './track-point';

/** Column order of every multi-row INSERT (matches TrackPointRow). */
export const TRACK_POINT_COLUMNS = [
  'terminal_phone', 'gps_time', 'sequence', 'vehicle_id', 'received_at', 'latitude_e6', 'longitude_e6', 'map_latitude_e6',
  'map_longitude_e6', 'altitude_m', 'speed_dkmh', 'recorded_speed_dkmh', 'direction', 'alarm_flags', 'status_flags',
  'mileage_hm', 'fuel_dl', 'acc_state', 'lifting_state', 'load_condition', 'open_cap_state', 'blind_area', 'quality', 'extras',
] as const;

export function rowValues(row: TrackPointRow): unknown[] {
  return [
    row.terminalPhone, row.gpsTime, row.sequence, row.vehicleId, row.receivedAt, row.latitudeE6, row.longitudeE6, row.mapLatitudeE6,
    row.mapLongitudeE6, row.altitudeM, row.speedDkmh, row.recordedSpeedDkmh, row.direction, row.alarmFlags, row.statusFlags,
    row.mileageHm, row.fuelDl, row.accState, row.liftingState, row.loadCondition, row.openCapState, row.blindArea, row.quality, row.extras,
  ];
}

// SQLite allows 32766 bound parameters per statement: 24 columns -> at most 1365 rows.
const SQLITE_MAX_ROWS = 1300;

/**
 * Batched, idempotent writes of track points: multi-row INSERTs that skip rows whose key
 * (terminal, gps time, sequence) already exists, so a redelivered batch never duplicates.
 */
@Injectable()
export class TrackPointWriter {
  private readonly sqlite: boolean;
  private readonly chunkRows: number;

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) config: TrackingConfig,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.chunkRows = this.sqlite ? Math.min(SQLITE_MAX_ROWS, config.TRACKING_INSERT_CHUNK) : config.TRACKING_INSERT_CHUNK;
  }

  /** Writes every row (one transaction); resolves only once they are durable. */
  async write(rows: readonly TrackPointRow[], manager?: EntityManager): Promise<void> {
    if (!rows.length) return;
    const run = async (target: EntityManager) => {
      for (let start = 0; start < rows.length; start += this.chunkRows) {
        const chunk = rows.slice(start, start + this.chunkRows);
        await target.query(this.insertSql(chunk.length), chunk.flatMap(rowValues));
      }
    };
    if (manager) await run(manager);
    else await this.dataSource.transaction(run);
  }

  private insertSql(rowCount: number): string {
    const tuple = `(${TRACK_POINT_COLUMNS.map(() => '?').join(',')})`;
    const values = new Array<string>(rowCount).fill(tuple).join(',');
    const columns = TRACK_POINT_COLUMNS.join(',');
    return this.sqlite
      ? `INSERT INTO track_point (${columns}) VALUES ${values} ON CONFLICT DO NOTHING`
      : `INSERT IGNORE INTO track_point (${columns}) VALUES ${values}`;
  }
}
