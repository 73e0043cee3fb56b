import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { chinaDate, type VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { cstDate, formatCst, parseTimeParam, type Page } from '@openfleet/service-kit';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import { In, type DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import type { RecordListQueryDto } from './record.dto';
import type { VehicleRecordColumns } from './record.entities';
import type { RecordFields, RecordKindSpec } from './record-kinds';

type RecordRow = VehicleRecordColumns & Record<string, unknown>;

/** Columns the service keeps for itself: the answer names the company, not the scope paths. */
const INTERNAL = new Set(['companyPath', 'fleetPath']);
/** '!' escapes LIKE wildcards: a backslash would need escaping differently on MySQL and SQLite. */
const like = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The five record kinds (spec §3), one service for all: each kind's differences (columns, rules,
 * status filter) are data in RECORD_KIND_SPECS. A record sits where its vehicle sat when it was last
 * written (company and fleet paths); a caller sees and changes only records within their scope, and
 * another company's record answers exactly like one that does not exist (1001).
 */
@Injectable()
export class RecordsService {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  async page(user: AuthUser, spec: RecordKindSpec, query: RecordListQueryDto): Promise<Page<Record<string, unknown>>> {
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleId });
    const today = chinaDate(Date.now());
    const builder = whereInScope(this.dataSource.getRepository(spec.entity).createQueryBuilder('r').where('1 = 1'), user, 'r', { vehicleColumn: 'vehicle_id' });
    if (query.vehicleId) builder.andWhere('r.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.companyId) builder.andWhere("r.company_path LIKE :companyPath ESCAPE '!'", { companyPath: like(`/${query.companyId}/`) });
    if (query.fleetId) builder.andWhere("r.fleet_path LIKE :fleetPath ESCAPE '!'", { fleetPath: like(`/${query.fleetId}/`) });
    if (query.keyword) builder.andWhere("r.plate_code LIKE :plate ESCAPE '!'", { plate: like(query.keyword) });
    const window = this.window(spec, query);
    if (window.from) builder.andWhere(`r.${spec.mainDate.column} >= :from`, { from: window.from });
    if (window.to) builder.andWhere(`r.${spec.mainDate.column} <= :to`, { to: window.to });
    if (query.status !== undefined && query.status !== '') {
      const condition = spec.status?.(query.status, today);
      if (!condition) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `status: not a ${spec.kind} status`, data: { field: 'status' } });
      builder.andWhere(condition.sql, condition.params);
    }
    for (const column of spec.order) builder.addOrderBy(`r.${column}`, 'DESC');
    const [rows, total] = await builder
      .addOrderBy('r.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: rows.map((row) => this.answer(spec, row as RecordRow, today)), total, current: query.current, size: query.size };
  }

  /** One record as the list answers it. */
  async one(user: AuthUser, spec: RecordKindSpec, id: number): Promise<Record<string, unknown>> {
    return this.answer(spec, await this.get(user, spec, id), chinaDate(Date.now()));
  }

  /** The row if the caller may see it; 1001 otherwise. */
  async get(user: AuthUser, spec: RecordKindSpec, id: number, manager: EntityManager = this.dataSource.manager): Promise<RecordRow> {
    const row = (await manager.findOneBy(spec.entity, { id })) as RecordRow | null;
    if (!row || !rowInScope(user, row)) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: id });
    return row;
  }

  async create(user: AuthUser, spec: RecordKindSpec, fields: RecordFields, manager: EntityManager = this.dataSource.manager): Promise<{ id: number }> {
    const vehicle = this.registry.inScope(user, fields.vehicleId);
    spec.check?.(fields);
    await this.assertUnique(manager, spec, fields, undefined);
    const now = Date.now();
    const row = { ...this.columnsOf(spec, fields), ...this.placeOf(vehicle), attachmentCount: 0, createdBy: user.id, createdAt: now, updatedAt: now };
    const saved = (await manager.save(spec.entity, manager.create(spec.entity, row as object))) as RecordRow;
    return { id: saved.id };
  }

  /** A full replacement of the fields (an absent optional field goes back to its default); the record may move to another vehicle in scope. */
  async update(user: AuthUser, spec: RecordKindSpec, id: number, fields: RecordFields): Promise<void> {
    await this.get(user, spec, id);
    const vehicle = this.registry.inScope(user, fields.vehicleId);
    spec.check?.(fields);
    await this.assertUnique(this.dataSource.manager, spec, fields, id);
    await this.dataSource.manager.update(spec.entity, { id }, { ...this.columnsOf(spec, fields), ...this.placeOf(vehicle), updatedAt: Date.now() } as object);
  }

  /** All or nothing: one id the caller cannot see (or that is gone) answers 1001 with those ids and deletes none. */
  async remove(user: AuthUser, spec: RecordKindSpec, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = (await this.dataSource.manager.findBy(spec.entity, { id: In(unique) })) as RecordRow[];
    const visible = new Set(rows.filter((row) => rowInScope(user, row)).map((row) => row.id));
    const missing = unique.filter((id) => !visible.has(id));
    if (missing.length) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: missing });
    await this.dataSource.manager.delete(spec.entity, { id: In(unique) });
  }

  /** The vehicles the caller sees, by plate (an import names vehicles by plate). */
  platesInScope(user: AuthUser): Map<string, VehicleRegistryEntry> {
    const plates = new Map<string, VehicleRegistryEntry>();
    for (const vehicle of this.registry.all()) if (this.registry.visibleTo(user, vehicle.vehicleId)) plates.set(vehicle.plateCode, vehicle);
    return plates;
  }

  /** 1002 when the vehicle already has a record with the same natural key (policy number and type, service date and odometer ...). */
  async assertUnique(manager: EntityManager, spec: RecordKindSpec, fields: RecordFields, exceptId: number | undefined): Promise<void> {
    const where: ObjectLiteral = { vehicleId: fields.vehicleId };
    for (const key of spec.naturalKey) where[key] = fields[key] ?? (typeof fields[key] === 'number' ? 0 : '');
    const same = (await manager.findBy(spec.entity, where)) as RecordRow[];
    if (same.some((row) => row.id !== exceptId)) throw new AppError(ErrorCode.RECORD_DUPLICATE, { data: Object.fromEntries(spec.naturalKey.map((key) => [key, fields[key]])) });
  }

  private placeOf(vehicle: VehicleRegistryEntry) {
    return { vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, companyId: vehicle.companyId, companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)) };
  }

  /** The kind's columns from the validated fields, every optional one at its default when absent. */
  private columnsOf(spec: RecordKindSpec, fields: RecordFields): Record<string, unknown> {
    const columns: Record<string, unknown> = {};
    for (const column of this.dataSource.getMetadata(spec.entity).columns) {
      const key = column.propertyName;
      if (['id', 'vehicleId', 'plateCode', 'companyId', 'companyPath', 'fleetPath', 'attachmentCount', 'createdBy', 'createdAt', 'updatedAt'].includes(key)) continue;
      const value = fields[key];
      columns[key] = value !== undefined ? value : column.isNullable ? null : typeof column.default === 'string' ? column.default : (column.default ?? null);
    }
    return columns;
  }

  /** Bounds of the main date as stored text: a date column compares days, a time column whole times (an end given as a day includes that day). */
  private window(spec: RecordKindSpec, query: RecordListQueryDto): { from?: string; to?: string } {
    const bound = (value: string | undefined, name: string, end: boolean) => {
      if (!value) return undefined;
      const s = parseTimeParam(value, name);
      if (!spec.mainDate.withTime) return cstDate(s);
      return end && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${cstDate(s)} 23:59:59` : formatCst(s);
    };
    const from = bound(query.startTime, 'startTime', false);
    const to = bound(query.endTime, 'endTime', true);
    if (from && to && to < from) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'endTime is before startTime', data: { field: 'endTime' } });
    return { from, to };
  }

  private answer(spec: RecordKindSpec, row: RecordRow, today: string): Record<string, unknown> {
    const answer = Object.fromEntries(Object.entries(row).filter(([key]) => !INTERNAL.has(key)));
    return { ...answer, ...spec.derive?.(answer, today) };
  }
}
