import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { DRIVING_RECORD_WINDOW_DAYS, type DrivingRecordPage, type DrivingRecordView } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { formatCst, queryWindow } from '../common/time-window';
import { TrackQueryService } from '../track/track-query.service';
import type { DrivingRecordQuery, SpeedCurveQuery } from './dto/driving-record-query.dto';

/** 48 h of 08H records (one a minute): the most one curve draws. */
const MAX_CURVE_RECORDS = 2880;

interface Row {
  at: number | string;
  received_at: number | string;
  data: Record<string, unknown>;
}

/** Where a command word's blocks are stored, and how a row becomes the word's fields. */
interface WordSource {
  table: string;
  columns: string;
  /** The word's own rows of the table ('' when the table holds one word). */
  where: string;
  data(row: Record<string, unknown>): Record<string, unknown>;
}

const RECORDER_TABLE: WordSource = {
  table: 'recorder_record',
  columns: 'at, seq, received_at, data',
  where: 'command = ?',
  data: (row) => JSON.parse(String(row.data)) as Record<string, unknown>,
};
// 12H and 13H are stored by the terminal records ingest; here they read as the recorder gave them.
const SOURCES: Readonly<Record<number, WordSource>> = {
  0x12: {
    table: 'driver_record',
    columns: 'at, 0 AS seq, received_at, licence, event',
    where: "source = 'recorder'",
    data: (row) => ({ time: formatCst(Number(row.at) / 1000), licence: row.licence ?? '', event: Number(row.event) }),
  },
  0x13: {
    table: 'power_record',
    columns: 'at, 0 AS seq, received_at, event',
    where: '',
    data: (row) => ({ time: formatCst(Number(row.at) / 1000), event: Number(row.event) }),
  },
};

/**
 * The driving record screen's queries: one vehicle's GB/T 19056 blocks of one command word in a
 * window (the vehicle must be in the caller's scope: another company's answers 8002 like a missing
 * one), newest first, and the 08H speed records as one per-second curve.
 */
@Injectable()
export class RecorderRecordsService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    private readonly tracks: TrackQueryService,
  ) {}

  async page(user: AuthUser, query: DrivingRecordQuery): Promise<DrivingRecordPage> {
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, DRIVING_RECORD_WINDOW_DAYS);
    const source = SOURCES[query.command] ?? RECORDER_TABLE;
    const where = `vehicle_id = ?${source.where ? ` AND ${source.where}` : ''} AND at >= ? AND at <= ?`;
    const params = [vehicle.vehicleId, ...(source === RECORDER_TABLE ? [query.command] : []), startS * 1000, endS * 1000 + 999];
    const [count] = await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${source.table} WHERE ${where}`, params);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${source.columns} FROM ${source.table} WHERE ${where} ORDER BY at DESC, seq LIMIT ${query.size} OFFSET ${(query.current - 1) * query.size}`,
      params,
    );
    const records = rows.map((row): DrivingRecordView => ({
      vehicleId: vehicle.vehicleId,
      plateCode: vehicle.plateCode,
      command: query.command,
      time: formatCst(Number(row.at) / 1000),
      at: Number(row.at),
      receivedTime: formatCst(Number(row.received_at) / 1000),
      data: source.data(row),
    }));
    return { records, total: Number(count.n), current: query.current, size: query.size };
  }

  /** Speed and status per second from the 08H records of the window, oldest first; FFH (no value) is left out. */
  async speedCurve(user: AuthUser, query: SpeedCurveQuery): Promise<{ speed: [number, number][]; status: [number, number][]; truncated: boolean }> {
    const vehicle = this.tracks.resolve(user, query.vehicleId);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, DRIVING_RECORD_WINDOW_DAYS);
    const rows: Row[] = (
      await this.dataSource.query(`SELECT at, received_at, data FROM recorder_record WHERE vehicle_id = ? AND command = 8 AND at >= ? AND at <= ? ORDER BY at, seq LIMIT ${MAX_CURVE_RECORDS}`, [
        vehicle.vehicleId,
        startS * 1000,
        endS * 1000 + 999,
      ])
    ).map((row: Record<string, unknown>) => ({ at: row.at as number, received_at: row.received_at as number, data: JSON.parse(String(row.data)) }));
    const speed: [number, number][] = [];
    const status: [number, number][] = [];
    for (const row of rows) {
      const samples = Array.isArray(row.data.samples) ? (row.data.samples as { speed: number; status: number }[]) : [];
      samples.forEach((sample, second) => {
        if (sample.speed === 0xff) return;
        const at = Number(row.at) + second * 1000;
        speed.push([at, sample.speed]);
        status.push([at, sample.status]);
      });
    }
    return { speed, status, truncated: rows.length === MAX_CURVE_RECORDS };
  }
}
