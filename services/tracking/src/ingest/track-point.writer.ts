import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { bulkLoad, isLocalInfileRefused, tsvLine } from '../common/mysql-bulk-load';
import { sqlLiteral } from '../common/sql-literal';
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

const COLUMN_LIST = TRACK_POINT_COLUMNS.join(',');
const PLACEHOLDER_TUPLE = `(${TRACK_POINT_COLUMNS.map(() => '?').join(',')})`;

/** The row as a MySQL tuple with its values inlined (INSERT fallback when LOAD DATA is refused). */
export function rowTuple(row: TrackPointRow): string {
  return `(${rowValues(row).map(sqlLiteral).join(',')})`;
}

// SQLite allows 32766 bound parameters per statement: 24 columns -> at most 1365 rows.
const SQLITE_MAX_ROWS = 1300;

/**
 * Batched, idempotent writes of track points that skip rows whose key (terminal, gps time,
 * sequence) already exists, so a redelivered batch never duplicates. MySQL: LOAD DATA LOCAL INFILE
 * (INSERT IGNORE when the server refuses it); SQLite: multi-row INSERTs with bound parameters.
 */
@Injectable()
export class TrackPointWriter {
  private readonly logger = new Logger(TrackPointWriter.name);
  private readonly sqlite: boolean;
  private readonly chunkRows: number;
  private bulkLoad: boolean;

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) config: TrackingConfig,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.chunkRows = this.sqlite ? Math.min(SQLITE_MAX_ROWS, config.TRACKING_INSERT_CHUNK) : config.TRACKING_INSERT_CHUNK;
    this.bulkLoad = !this.sqlite && config.TRACKING_BULK_LOAD === 'auto';
  }

  /** Writes every row (one transaction); resolves only once they are durable. */
  async write(rows: readonly TrackPointRow[], manager?: EntityManager): Promise<void> {
    if (!rows.length) return;
    if (manager) await this.writeIn(manager, rows);
    else await this.dataSource.transaction((target) => this.writeIn(target, rows));
  }

  private async writeIn(manager: EntityManager, rows: readonly TrackPointRow[]): Promise<void> {
    if (this.bulkLoad) {
      try {
        await bulkLoad(manager, 'track_point', TRACK_POINT_COLUMNS, rows.map((row) => tsvLine(rowValues(row))));
        return;
      } catch (error) {
        if (!isLocalInfileRefused(error)) throw error;
        // A refused statement leaves the transaction usable: go on with INSERTs, now and from now on.
        this.bulkLoad = false;
        this.logger.warn(`LOAD DATA LOCAL INFILE refused (${(error as Error).message}); writing track points with INSERT (set local_infile=ON on the server for faster ingest)`);
      }
    }
    for (let start = 0; start < rows.length; start += this.chunkRows) {
      const chunk = rows.slice(start, start + this.chunkRows);
      if (this.sqlite) await manager.query(this.sqliteInsertSql(chunk.length), chunk.flatMap(rowValues));
      else await manager.query(`INSERT IGNORE INTO track_point (${COLUMN_LIST}) VALUES ${chunk.map(rowTuple).join(',')}`);
    }
  }

  private sqliteInsertSql(rowCount: number): string {
    const values = new Array<string>(rowCount).fill(PLACEHOLDER_TUPLE).join(',');
    return `INSERT INTO track_point (${COLUMN_LIST}) VALUES ${values} ON CONFLICT DO NOTHING`;
  }
}
