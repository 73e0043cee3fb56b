import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkFilterScope, type AuthUser } from '@openfleet/auth';
import type { RecorderScheduleView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { insertedId, pathOf, rowInScope } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { TerminalDirectory } from '../registry/terminal-directory';
import type { SaveRecorderScheduleDto } from './recorder-schedule.dto';

/** A row of recorder_schedule as the sweep reads it. */
export interface RecorderScheduleRow {
  id: number;
  companyId: string;
  companyPath: string;
  vehicleId: string;
  words: number[];
  maxBlocks: number;
  enabled: boolean;
  updatedAt: number;
}

const toRow = (row: Record<string, unknown>): RecorderScheduleRow => ({
  id: Number(row.id),
  companyId: String(row.company_id),
  companyPath: String(row.company_path),
  vehicleId: String(row.vehicle_id),
  words: String(row.words).split(',').filter(Boolean).map(Number),
  maxBlocks: Number(row.max_blocks),
  enabled: Number(row.enabled) === 1,
  updatedAt: Number(row.updated_at),
});

/**
 * The daily collection schedules of the driving record screen. A company's schedule is seen and
 * changed by callers whose scope holds the company; a vehicle's by callers who see the vehicle.
 * Anything else answers like a missing one (8002 for a target, 410 for a schedule id).
 */
@Injectable()
export class RecorderScheduleService {
  constructor(
    @InjectDataSource('instruction') private readonly dataSource: DataSource,
    private readonly directory: TerminalDirectory,
  ) {}

  async all(): Promise<RecorderScheduleRow[]> {
    return ((await this.dataSource.query('SELECT * FROM recorder_schedule ORDER BY id')) as Record<string, unknown>[]).map(toRow);
  }

  async list(user: AuthUser): Promise<RecorderScheduleView[]> {
    return (await this.all()).filter((row) => this.visible(user, row)).map((row) => this.view(row));
  }

  async save(user: AuthUser, body: SaveRecorderScheduleDto): Promise<RecorderScheduleView> {
    let companyId: string;
    let companyPath: string;
    const vehicleId = body.vehicleId ?? '';
    if (vehicleId) {
      const vehicle = this.directory.vehicles.inScope(user, vehicleId);
      companyId = vehicle.companyId;
      companyPath = pathOf(vehicle.companyPath);
    } else {
      companyId = body.companyId ?? user.companyId;
      checkFilterScope(user, this.directory.vehicles.all(), { companyId });
      companyPath = this.directory.vehicles.companyPathOf(companyId);
      // A fleet's user sees the company through its vehicles, but may not schedule the whole company.
      if (!rowInScope(user, { companyPath, fleetPath: '' })) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
    }
    const words = [...new Set(body.words)].sort((a, b) => a - b).join(',');
    const values = [words, body.maxBlocks, body.enabled ? 1 : 0, user.id, Date.now()];
    const [existing] = (await this.dataSource.query('SELECT id FROM recorder_schedule WHERE company_id = ? AND vehicle_id = ?', [companyId, vehicleId])) as { id: number | string }[];
    let id: number;
    if (existing) {
      id = Number(existing.id);
      await this.dataSource.query('UPDATE recorder_schedule SET words = ?, max_blocks = ?, enabled = ?, updated_by = ?, updated_at = ? WHERE id = ?', [...values, id]);
    } else {
      id = insertedId(
        await this.dataSource.query('INSERT INTO recorder_schedule (company_id, company_path, vehicle_id, words, max_blocks, enabled, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [companyId, companyPath, vehicleId, ...values]),
      );
    }
    return this.view(await this.one(user, id));
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    await this.one(user, id);
    await this.dataSource.query('DELETE FROM recorder_schedule WHERE id = ?', [id]);
  }

  private async one(user: AuthUser, id: number): Promise<RecorderScheduleRow> {
    const [row] = (await this.dataSource.query('SELECT * FROM recorder_schedule WHERE id = ?', [id])) as Record<string, unknown>[];
    const schedule = row && toRow(row);
    if (!schedule || !this.visible(user, schedule)) throw new AppError(ErrorCode.ALREADY_DELETED);
    return schedule;
  }

  private visible(user: AuthUser, row: RecorderScheduleRow): boolean {
    return row.vehicleId ? Boolean(this.directory.vehicles.visibleTo(user, row.vehicleId)) : rowInScope(user, { companyPath: row.companyPath, fleetPath: '' });
  }

  private view(row: RecorderScheduleRow): RecorderScheduleView {
    const plateCode = row.vehicleId ? (this.directory.vehicles.byVehicleId(row.vehicleId)?.plateCode ?? '') : '';
    return { id: row.id, companyId: row.companyId, vehicleId: row.vehicleId || null, plateCode, words: row.words, maxBlocks: row.maxBlocks, enabled: row.enabled, updatedAt: row.updatedAt };
  }
}
