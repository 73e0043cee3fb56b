import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { inScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, FRAME_QUERY_MAX_DAYS, type ArchivedFrame, type VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { queryWindow, type Page } from '@openfleet/service-kit';
import type { DataSource } from 'typeorm';
import { decodeArchivedFrame } from './frame-decoder';
import type { FrameQueryDto } from './frame-archive.dto';
import { protocolOf } from './frame-header';

/** Rows one export writes at most (a busy terminal's three days can hold far more: narrow the window). */
export const FRAME_EXPORT_MAX_ROWS = 20_000;

interface StoredFrame {
  terminal_key: string;
  at_ms: number | string;
  seq: number | string;
  direction: number;
  protocol: number;
  msg_id: number | null;
  length: number;
  error: string | null;
  gateway_id: string;
  frame: Buffer;
}

/**
 * Reads of the archive for one terminal in the caller's scope: its frames in a window, oldest
 * first, each decoded by its protocol's library. A terminal bound to no vehicle is the platform's
 * business (an integrator bringing a new terminal up): only a super administrator sees it; any
 * other caller gets 8002, the same answer as for another company's terminal.
 */
@Injectable()
export class FrameQueryService {
  constructor(
    @InjectDataSource('frame_archive') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  async list(user: AuthUser, query: FrameQueryDto, all = false): Promise<Page<ArchivedFrame>> {
    const keys = this.keysOf(user, query.terminal);
    const { startS, endS } = queryWindow(query.startTime, query.endTime, FRAME_QUERY_MAX_DAYS);
    const where = [`terminal_key IN (${keys.map(() => '?').join(',')})`, 'at_ms BETWEEN ? AND ?'];
    const params: (string | number)[] = [...keys, startS * 1000, endS * 1000 + 999];
    if (query.direction) {
      where.push('direction = ?');
      params.push(query.direction === 'up' ? 0 : 1);
    }
    if (query.msgId) {
      where.push('msg_id = ?');
      params.push(parseInt(query.msgId.trim().replace(/^0x/i, ''), 16));
    }
    if (query.status) where.push(query.status === 'bad' ? 'error IS NOT NULL' : 'error IS NULL');
    const condition = where.join(' AND ');
    const [{ total }] = (await this.dataSource.query(`SELECT COUNT(*) AS total FROM raw_frame WHERE ${condition}`, params)) as { total: number | string }[];
    const size = all ? FRAME_EXPORT_MAX_ROWS : query.size;
    const offset = all ? 0 : (query.current - 1) * query.size;
    const rows = (await this.dataSource.query(`SELECT * FROM raw_frame WHERE ${condition} ORDER BY at_ms, seq LIMIT ${size} OFFSET ${offset}`, params)) as StoredFrame[];
    return { records: rows.map(archivedFrame), total: Number(total), current: all ? 1 : query.current, size: all ? rows.length : query.size };
  }

  /** The keys a terminal's frames are stored under: its phone and its vehicle's VIN (a vehicle may speak 808 and 32960). */
  private keysOf(user: AuthUser, terminal: string): string[] {
    const text = terminal.trim();
    const byPhone = /^\d+$/.test(text);
    const key = byPhone ? canonicalTerminalPhone(text) : text.startsWith('809:') ? text : text.toUpperCase();
    const vehicle: VehicleRegistryEntry | undefined = byPhone ? this.registry.byTerminalPhone(key) : text.startsWith('809:') ? undefined : this.registry.byVin(key);
    if (!vehicle) {
      if (user.superAdmin) return [key];
      throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'terminal' } });
    }
    if (!inScope(user, vehicle)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'terminal' } });
    const keys = new Set([key]);
    if (vehicle.terminalPhone) keys.add(canonicalTerminalPhone(vehicle.terminalPhone));
    if (vehicle.vin) keys.add(vehicle.vin.toUpperCase());
    return [...keys];
  }
}

function archivedFrame(row: StoredFrame): ArchivedFrame {
  const protocol = protocolOf(Number(row.protocol));
  const bytes = Buffer.isBuffer(row.frame) ? row.frame : Buffer.from(row.frame as Uint8Array);
  const msgId = row.msg_id === null ? null : Number(row.msg_id);
  const decoding = decodeArchivedFrame(protocol, bytes, msgId);
  const error = row.error ?? decoding.error?.code ?? null;
  return {
    id: `${row.terminal_key}:${row.at_ms}:${row.seq}`,
    terminalKey: row.terminal_key,
    at: Number(row.at_ms),
    direction: Number(row.direction) === 0 ? 'up' : 'down',
    protocol,
    msgId,
    msgName: decoding.name,
    length: Number(row.length),
    gatewayId: row.gateway_id,
    error,
    errorDetail: decoding.error?.message ?? null,
    hex: bytes.toString('hex'),
    decoded: decoding.decoded,
  };
}
