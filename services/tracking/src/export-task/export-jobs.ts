import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { placeName } from '@openfleet/geo';
import type { SheetColumn } from '@openfleet/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { DataSource } from 'typeorm';
import { formatCst, queryWindow } from '../common/time-window';
import { MileageReportQueryDto, OperationReportQueryDto, ReportQuery } from '../report/dto/report-query.dto';
import { mileageSheet, onlineSheet, operationSheet, type ReportSheet } from '../report/report-sheets';
import { ReportService } from '../report/report.service';
import { TrackQueryService } from '../track/track-query.service';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { TrackExportQuery, type ExportKind } from './dto/export-task.dto';

const ALL_ROWS = 1_000_000;
/** Rows per batch handed to the writer (and per SQLite page): smaller batches keep the garbage young. */
const TRACK_PAGE = 500;
const TRACK_SELECT =
  'SELECT gps_time, sequence, latitude_e6, longitude_e6, speed_dkmh, direction, altitude_m, mileage_hm, fuel_dl, acc_state, alarm_flags, status_flags FROM track_point WHERE terminal_phone = ? AND gps_time <= ?';
const TRACK_VEHICLES = 100;

/** What a download task writes: its sheet's columns, its row count (for the progress) and its rows in batches, each row its values in column order. */
export interface ExportJob {
  sheet: string;
  columns: SheetColumn[];
  total: number;
  batches: AsyncIterable<unknown[][]>;
}

interface KindSpec {
  /** The action code a user needs to start it (the screen's export). */
  code: string;
  title: string;
  dto: new () => object;
}

export const EXPORT_KINDS: Record<ExportKind, KindSpec> = {
  mileage: { code: 'mileageStatistics:export', title: '里程统计', dto: MileageReportQueryDto },
  online: { code: 'onlineStatistics:export', title: '在线统计', dto: ReportQuery },
  operation: { code: 'vehicleOperation:export', title: '车辆运营统计', dto: OperationReportQueryDto },
  track: { code: 'historyTrack:export', title: '历史轨迹', dto: TrackExportQuery },
};

interface TrackRow {
  gps_time: number;
  sequence: number;
  latitude_e6: number;
  longitude_e6: number;
  speed_dkmh: number | null;
  direction: number;
  altitude_m: number | null;
  mileage_hm: number | null;
  fuel_dl: number | null;
  acc_state: number;
  alarm_flags: number | string;
  status_flags: number | string;
}

const TRACK_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'time', header: '定位时间', width: 20 },
  { key: 'longitude', header: '经度', width: 12 },
  { key: 'latitude', header: '纬度', width: 12 },
  { key: 'speed', header: '速度(km/h)', width: 10 },
  { key: 'direction', header: '方向', width: 8 },
  { key: 'altitude', header: '海拔(m)', width: 8 },
  { key: 'mileage', header: '里程(km)', width: 12 },
  { key: 'fuel', header: '油量(L)', width: 10 },
  { key: 'acc', header: 'ACC', width: 6 },
  { key: 'alarmFlags', header: '报警标志', width: 12 },
  { key: 'statusFlags', header: '状态', width: 12 },
  { key: 'place', header: '地点', width: 28 },
];

const tenths = (value: number | null) => (value === null ? null : Number(value) / 10);

/** The exports a download task can run: the parameters are checked when the task is created, the rows produced when it runs. */
@Injectable()
export class ExportJobs {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly reports: ReportService,
    private readonly tracks: TrackQueryService,
    private readonly registry: VehicleRegistry,
  ) {}

  /** Validates the parameters as the report's own API would (400, 300, 8002) and answers them normalized. */
  async check(user: AuthUser, kind: ExportKind, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const dto = plainToInstance(EXPORT_KINDS[kind].dto, params) as Record<string, unknown>;
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: errors.map((error) => error.property).join(','), data: { field: errors[0].property } });
    if (kind === 'track') {
      const query = dto as unknown as TrackExportQuery;
      queryWindow(query.startTime, query.endTime, this.config.TRACKING_TRACK_WINDOW_DAYS);
      const ids = this.trackIds(query);
      if (!ids.length || ids.length > TRACK_VEHICLES) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'vehicleIds', max: TRACK_VEHICLES } });
      for (const id of ids) this.tracks.resolve(user, id);
    } else {
      if (kind === 'mileage') this.reports.mileagePeriods(dto as unknown as MileageReportQueryDto);
      else this.reports.dayWindow(dto as unknown as ReportQuery);
      // 8002 for what the caller cannot see, as for what does not exist: else the task runs to an empty file.
      checkFilterScope(user, this.registry.all(), dto as unknown as ReportQuery);
    }
    return { ...dto };
  }

  /** The rows of a task, with the rights of its owner as they were when it was created. */
  async open(user: AuthUser, kind: ExportKind, params: Record<string, unknown>): Promise<ExportJob> {
    const query = { ...plainToInstance(EXPORT_KINDS[kind].dto, params), current: 1, size: ALL_ROWS };
    if (kind === 'track') return this.trackJob(user, query as unknown as TrackExportQuery);
    let sheet: ReportSheet;
    if (kind === 'mileage') sheet = mileageSheet(await this.reports.mileage(user, query as MileageReportQueryDto));
    else if (kind === 'online') sheet = onlineSheet(await this.reports.online(user, query as ReportQuery));
    else sheet = operationSheet(await this.reports.operation(user, query as OperationReportQueryDto), (query as OperationReportQueryDto).groupBy === 'day');
    const values = sheet.rows.map((row) => sheet.columns.map((column) => row[column.key]));
    return { sheet: sheet.name, columns: sheet.columns, total: values.length, batches: inBatches(values, TRACK_PAGE) };
  }

  private trackIds(query: TrackExportQuery): string[] {
    return [...new Set(query.vehicleIds.split(',').map((id) => id.trim()).filter(Boolean))];
  }

  private async trackJob(user: AuthUser, query: TrackExportQuery): Promise<ExportJob> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, this.config.TRACKING_TRACK_WINDOW_DAYS);
    const vehicles = this.trackIds(query).map((id) => this.tracks.resolve(user, id)).filter((vehicle) => vehicle.terminalPhone);
    let total = 0;
    for (const vehicle of vehicles) {
      const [row] = await this.dataSource.query('SELECT COUNT(*) AS n FROM track_point WHERE terminal_phone = ? AND gps_time >= ? AND gps_time <= ?', [vehicle.terminalPhone, startS, endS]);
      total += Number(row.n);
    }
    const dataSource = this.dataSource;
    const toValues = (plateCode: string, row: TrackRow): unknown[] => [
      plateCode,
      formatCst(Number(row.gps_time)),
      Number(row.longitude_e6) / 1e6,
      Number(row.latitude_e6) / 1e6,
      tenths(row.speed_dkmh),
      Number(row.direction),
      row.altitude_m === null ? null : Number(row.altitude_m),
      tenths(row.mileage_hm),
      tenths(row.fuel_dl),
      Number(row.acc_state) === 1 ? 'ON' : 'OFF',
      Number(row.alarm_flags),
      Number(row.status_flags),
      placeName(Number(row.longitude_e6) / 1e6, Number(row.latitude_e6) / 1e6),
    ];
    const streamed = dataSource.options.type === 'mysql';
    async function* batches(): AsyncIterable<unknown[][]> {
      for (const vehicle of vehicles) {
        if (streamed) {
          // MySQL streams the rows: each is written while it is young, so the garbage of a million
          // rows never reaches the old generation (keyset pages of objects did: 80 MB more RSS).
          const runner = dataSource.createQueryRunner();
          try {
            const rows = await runner.stream(`${TRACK_SELECT} AND gps_time >= ? ORDER BY gps_time, sequence`, [vehicle.terminalPhone, endS, startS]);
            let batch: unknown[][] = [];
            for await (const row of rows) {
              batch.push(toValues(vehicle.plateCode, row as TrackRow));
              if (batch.length === TRACK_PAGE) {
                yield batch;
                batch = [];
              }
            }
            if (batch.length) yield batch;
          } finally {
            await runner.release();
          }
          continue;
        }
        // SQLite: keyset pages on the primary key, memory stays one page whatever the row count.
        let after = { time: startS - 1, sequence: Number.MAX_SAFE_INTEGER };
        for (;;) {
          const rows: TrackRow[] = await dataSource.query(`${TRACK_SELECT} AND (gps_time > ? OR (gps_time = ? AND sequence > ?)) ORDER BY gps_time, sequence LIMIT ${TRACK_PAGE}`, [
            vehicle.terminalPhone, endS, after.time, after.time, after.sequence,
          ]);
          if (!rows.length) break;
          yield rows.map((row) => toValues(vehicle.plateCode, row));
          const last = rows[rows.length - 1];
          after = { time: Number(last.gps_time), sequence: Number(last.sequence) };
          if (rows.length < TRACK_PAGE) break;
        }
      }
    }
    return { sheet: 'track', columns: TRACK_COLUMNS, total, batches: batches() };
  }
}

async function* inBatches<T>(rows: T[], size: number): AsyncIterable<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
