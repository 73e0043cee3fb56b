import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { insertedId } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { formatCst, queryWindow } from '../common/time-window';
import type { ReportQuery } from '../report/dto/report-query.dto';
import { ReportService, type ReportVehicle } from '../report/report.service';
import { TrackQueryService } from '../track/track-query.service';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { CanSignal, DriverRecordView } from '@openfleet/contracts';
import { canBusId, canChannel, decodeSignal } from './can-signal';
import type { CanFramesQuery, CanSeriesQuery, CanSignalDto } from './dto/records-query.dto';

const CHUNK = 500;
/** CAN queries cover at most one day (error 300 beyond). */
const CAN_WINDOW_DAYS = 1;
const MAX_SERIES_FRAMES = 50_000;
const MAX_SIGNALS = 8;
/** Bits 28-0 of the stored CAN id: the bus id (bits 31-29 are channel, frame type, collection method). */
const BUS_ID_MASK = 0x1fffffff;

interface SignalRow {
  id: number | string;
  name: string;
  bus_id: number | string;
  start_bit: number;
  bit_length: number;
  byte_order: 'intel' | 'motorola';
  is_signed: number;
  factor: number;
  value_offset: number;
  unit: string;
}


const toSignal = (row: SignalRow): CanSignal => ({
  id: Number(row.id),
  name: row.name,
  busId: Number(row.bus_id),
  startBit: Number(row.start_bit),
  bitLength: Number(row.bit_length),
  byteOrder: row.byte_order,
  signed: Number(row.is_signed) === 1,
  factor: Number(row.factor),
  offset: Number(row.value_offset),
  unit: row.unit,
});

/**
 * What terminals upload besides positions, as the reports show it: driver identity records (card
 * and tachograph), external power records, and CAN frames decoded through the signal table.
 * Every query keeps to the caller's vehicle scope.
 */
@Injectable()
export class TerminalRecordsService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly reports: ReportService,
    private readonly tracks: TrackQueryService,
  ) {}

  /** Driver card insertions and removals, and the tachograph's driver logins and logouts, newest first. */
  async driverRecords(user: AuthUser, query: ReportQuery): Promise<{ records: DriverRecordView[]; total: number; current: number; size: number }> {
    const { vehicles, rows, total } = await this.records(user, query, 'driver_record', 'at, source, event, vehicle_id, ic_result, name, licence, issuer, expiry, id_card');
    const plates = new Map(vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.plateCode]));
    return {
      records: rows.map((row) => ({
        vehicleId: String(row.vehicle_id),
        plateCode: plates.get(String(row.vehicle_id)) ?? '',
        time: formatCst(Number(row.at) / 1000),
        at: Number(row.at),
        source: row.source as DriverRecordView['source'],
        event: Number(row.event),
        icResult: row.ic_result === null ? null : Number(row.ic_result),
        name: row.name as string | null,
        licence: row.licence as string | null,
        issuer: row.issuer as string | null,
        expiry: row.expiry as string | null,
        idCard: row.id_card as string | null,
      })),
      total,
      current: query.current,
      size: query.size,
    };
  }

  /** The tachograph's external power records (1 powered, 2 cut), newest first. */
  async powerRecords(user: AuthUser, query: ReportQuery) {
    const { vehicles, rows, total } = await this.records(user, query, 'power_record', 'at, event, vehicle_id');
    const plates = new Map(vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.plateCode]));
    return {
      records: rows.map((row) => ({ vehicleId: String(row.vehicle_id), plateCode: plates.get(String(row.vehicle_id)) ?? '', time: formatCst(Number(row.at) / 1000), at: Number(row.at), event: Number(row.event) })),
      total,
      current: query.current,
      size: query.size,
    };
  }

  /** One vehicle's CAN frames in a window of at most a day, each with the signals of its bus id decoded. */
  async frames(user: AuthUser, query: CanFramesQuery) {
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, CAN_WINDOW_DAYS);
    const signals = await this.signals();
    // A day of one vehicle can hold a million frames: the bus id filter and the page are SQL's.
    const where = `vehicle_id = ? AND at >= ? AND at <= ?${query.busId === undefined ? '' : ` AND (can_id & ${BUS_ID_MASK}) = ?`}`;
    const params = [vehicle.vehicleId, startS * 1000, endS * 1000 + 999, ...(query.busId === undefined ? [] : [query.busId])];
    const [count] = await this.dataSource.query(`SELECT COUNT(*) AS n FROM can_frame WHERE ${where}`, params);
    const rows: { at: number | string; seq: number; can_id: number | string; data: string }[] = await this.dataSource.query(
      `SELECT at, seq, can_id, data FROM can_frame WHERE ${where} ORDER BY at DESC, seq LIMIT ${query.size} OFFSET ${(query.current - 1) * query.size}`,
      params,
    );
    return {
      records: rows.map((row) => {
        const busId = canBusId(Number(row.can_id));
        return {
          time: `${formatCst(Math.floor(Number(row.at) / 1000))}.${String(Number(row.at) % 1000).padStart(3, '0')}`,
          at: Number(row.at),
          seq: Number(row.seq),
          channel: canChannel(Number(row.can_id)),
          busId,
          busIdHex: busId.toString(16).toUpperCase().padStart(8, '0'),
          data: row.data.toUpperCase(),
          signals: signals.filter((signal) => signal.busId === busId).map((signal) => ({ id: signal.id, name: signal.name, unit: signal.unit, value: decodeSignal(row.data, signal) })),
        };
      }),
      total: Number(count.n),
      current: query.current,
      size: query.size,
    };
  }

  /** Curves of up to 8 signals over a window of at most a day (the canData chart and the CAN curves of playback). */
  async series(user: AuthUser, query: CanSeriesQuery) {
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    // The curves follow history playback, whose window is TRACKING_TRACK_WINDOW_DAYS.
    const { startS, endS } = queryWindow(query.startTime, query.endTime, Math.max(CAN_WINDOW_DAYS, this.config.TRACKING_TRACK_WINDOW_DAYS));
    const ids = [...new Set(query.signalIds.split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0))];
    if (!ids.length || ids.length > MAX_SIGNALS) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'signalIds', max: MAX_SIGNALS } });
    const signals = (await this.signals()).filter((signal) => ids.includes(signal.id));
    if (signals.length !== ids.length) throw new AppError(ErrorCode.ALREADY_DELETED, { data: { field: 'signalIds' } });
    const rows: { at: number | string; can_id: number | string; data: string }[] = await this.dataSource.query(
      `SELECT at, can_id, data FROM can_frame WHERE vehicle_id = ? AND at >= ? AND at <= ? AND (can_id & ${BUS_ID_MASK}) IN (${signals.map(() => '?').join(',')}) ORDER BY at, seq LIMIT ${MAX_SERIES_FRAMES}`,
      [vehicle.vehicleId, startS * 1000, endS * 1000 + 999, ...signals.map((signal) => signal.busId)],
    );
    return {
      series: signals.map((signal) => {
        const points: [number, number][] = [];
        for (const row of rows) {
          if (canBusId(Number(row.can_id)) !== signal.busId) continue;
          const value = decodeSignal(row.data, signal);
          if (value !== null) points.push([Number(row.at), value]);
        }
        return { id: signal.id, name: signal.name, unit: signal.unit, points };
      }),
      truncated: rows.length === MAX_SERIES_FRAMES,
    };
  }

  async signals(): Promise<CanSignal[]> {
    const rows: SignalRow[] = await this.dataSource.query('SELECT * FROM can_signal ORDER BY bus_id, start_bit, id');
    return rows.map(toSignal);
  }

  async saveSignal(body: CanSignalDto, id?: number): Promise<CanSignal> {
    const values = [body.name, body.busId, body.startBit, body.bitLength, body.byteOrder, body.signed ? 1 : 0, body.factor, body.offset, body.unit ?? '', Date.now()];
    if (body.byteOrder === 'intel' && body.startBit + body.bitLength > 64) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'the signal reaches past the 8 data bytes', data: { field: 'bitLength' } });
    if (id === undefined) {
      return this.signal(insertedId(await this.dataSource.query('INSERT INTO can_signal (name, bus_id, start_bit, bit_length, byte_order, is_signed, factor, value_offset, unit, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', values)));
    }
    await this.signal(id);
    await this.dataSource.query('UPDATE can_signal SET name = ?, bus_id = ?, start_bit = ?, bit_length = ?, byte_order = ?, is_signed = ?, factor = ?, value_offset = ?, unit = ?, updated_at = ? WHERE id = ?', [...values, id]);
    return this.signal(id);
  }

  async deleteSignal(id: number): Promise<void> {
    await this.signal(id);
    await this.dataSource.query('DELETE FROM can_signal WHERE id = ?', [id]);
  }

  private async signal(id: number): Promise<CanSignal> {
    const [row] = (await this.dataSource.query('SELECT * FROM can_signal WHERE id = ?', [id])) as SignalRow[];
    if (!row) throw new AppError(ErrorCode.ALREADY_DELETED);
    return toSignal(row);
  }

  /** Rows of a record table for the vehicles the filters select in the caller's scope, newest first, one page. */
  private async records(user: AuthUser, query: ReportQuery, table: string, columns: string) {
    const window = this.reports.dayWindow(query);
    const vehicles: ReportVehicle[] = this.reports.vehicles(user, query);
    const rows: Record<string, unknown>[] = [];
    for (let start = 0; start < vehicles.length; start += CHUNK) {
      const ids = vehicles.slice(start, start + CHUNK).map((vehicle) => vehicle.vehicleId);
      rows.push(...(await this.dataSource.query(`SELECT ${columns} FROM ${table} WHERE vehicle_id IN (${ids.map(() => '?').join(',')}) AND at >= ? AND at < ?`, [...ids, window.startS * 1000, window.endS * 1000])));
    }
    rows.sort((a, b) => Number(b.at) - Number(a.at));
    const start = (query.current - 1) * query.size;
    return { vehicles, rows: rows.slice(start, start + query.size), total: rows.length };
  }
}
