import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, type WaybillView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam, type Page } from '@openfleet/service-kit';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import { Brackets, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { WaybillDto, WaybillQueryDto } from './waybill.dto';
import { Waybill } from './waybill.entity';

/** Rows an export writes at most. */
export const WAYBILL_EXPORT_ROWS = 10_000;

const chinaTimeOrNull = (ms: number | null) => (ms === null ? null : formatChinaTime(ms));

/** YD + the China date of creation + the id: what the terminal text, the list and the export call it. */
export const waybillNo = (row: Pick<Waybill, 'id' | 'createdAt'>) => `YD${formatChinaTime(row.createdAt).slice(0, 10).replace(/-/g, '')}${String(row.id).padStart(6, '0')}`;

/**
 * Dispatchers' waybills: written in the caller's vehicle scope, each stored with the company and
 * fleet of its vehicle, listed and exported with the same filters. A waybill outside the scope is
 * answered as one that does not exist (410).
 */
@Injectable()
export class WaybillService {
  constructor(
    @InjectRepository(Waybill, 'industry') private readonly waybills: Repository<Waybill>,
    private readonly registry: VehicleRegistry,
  ) {}

  /** `manager`: inside the import's transaction, so a sheet is written whole or not at all. */
  async create(user: AuthUser, dto: WaybillDto, manager?: EntityManager): Promise<Waybill> {
    const now = Date.now();
    const repository = manager?.getRepository(Waybill) ?? this.waybills;
    const saved = await repository.save(repository.create({ ...this.fields(user, dto), status: 'planned', late: 0, seenAtOrigin: 0, departedAt: null, arrivedAt: null, sendRequestId: '', sendStatus: null, sendErrorCode: 0, sentAt: null, createdAt: now, updatedAt: now }));
    return saved;
  }

  /** A new plan starts the tracking over: a waybill moved to another vehicle or place has not departed yet. */
  async update(user: AuthUser, id: number, dto: WaybillDto): Promise<void> {
    const row = await this.get(user, id);
    const fields = this.fields(user, dto);
    const replanned = fields.vehicleId !== row.vehicleId || JSON.stringify([fields.origin, fields.destination]) !== JSON.stringify([row.origin, row.destination]);
    const restart = replanned ? { status: 'planned' as const, seenAtOrigin: 0, departedAt: null, arrivedAt: null } : {};
    // Lateness follows the new plan: the tracker and the sweep set it again from there.
    const late = row.status === 'arrived' && !replanned ? Number((row.arrivedAt ?? 0) > fields.plannedArriveAt) : 0;
    await this.waybills.update({ id }, { ...fields, ...restart, late, updatedAt: Date.now() });
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    await this.get(user, id);
    await this.waybills.delete({ id });
  }

  async get(user: AuthUser, id: number): Promise<Waybill> {
    const row = await this.waybills.findOneBy({ id });
    if (!row || !rowInScope(user, row)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: { id } });
    return row;
  }

  async page(user: AuthUser, query: WaybillQueryDto): Promise<Page<WaybillView>> {
    const [rows, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total, current: query.current, size: query.size };
  }

  async exportRows(user: AuthUser, query: WaybillQueryDto): Promise<WaybillView[]> {
    return (await this.filtered(user, query).take(WAYBILL_EXPORT_ROWS).getMany()).map((row) => this.view(row));
  }

  view(row: Waybill): WaybillView {
    return {
      id: row.id,
      waybillNo: waybillNo(row),
      shipper: row.shipper,
      shipperPhone: row.shipperPhone,
      consignee: row.consignee,
      consigneePhone: row.consigneePhone,
      goods: row.goods,
      weightKg: row.weightKg,
      dangerousClass: row.dangerousClass,
      origin: row.origin,
      destination: row.destination,
      via: row.via ?? [],
      plannedDepartAt: formatChinaTime(row.plannedDepartAt),
      plannedArriveAt: formatChinaTime(row.plannedArriveAt),
      vehicleId: row.vehicleId,
      plateCode: this.registry.byVehicleId(row.vehicleId)?.plateCode ?? '',
      driverId: row.driverId,
      driverName: row.driverName,
      remark: row.remark,
      companyId: row.companyId,
      status: row.status,
      late: row.late === 1,
      departedAt: chinaTimeOrNull(row.departedAt),
      arrivedAt: chinaTimeOrNull(row.arrivedAt),
      sendStatus: row.sendStatus,
      sendErrorCode: row.sendErrorCode,
      sentAt: chinaTimeOrNull(row.sentAt),
      createdAt: formatChinaTime(row.createdAt),
    };
  }

  private filtered(user: AuthUser, query: WaybillQueryDto): SelectQueryBuilder<Waybill> {
    checkFilterScope(user, this.registry.all(), query);
    const q = whereInScope(this.waybills.createQueryBuilder('w'), user, 'w', { vehicleColumn: 'vehicle_id' }).orderBy('w.planned_depart_at', 'DESC').addOrderBy('w.id', 'DESC');
    const vehicleIds = (query.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (vehicleIds.length) q.andWhere('w.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    if (query.companyId) q.andWhere('w.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.driverName) q.andWhere("w.driver_name LIKE :driver ESCAPE '!'", { driver: `%${escapeLike(query.driverName)}%` });
    if (query.startTime) q.andWhere('w.planned_depart_at >= :start', { start: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) q.andWhere('w.planned_depart_at <= :end', { end: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    if (query.status) q.andWhere('w.status = :status', { status: query.status });
    if (query.late !== undefined) q.andWhere('w.late = :late', { late: query.late });
    if (query.keyword) {
      const like = `%${escapeLike(query.keyword)}%`;
      q.andWhere(new Brackets((or) => or.where("w.shipper LIKE :like ESCAPE '!'", { like }).orWhere("w.consignee LIKE :like ESCAPE '!'").orWhere("w.goods LIKE :like ESCAPE '!'")));
    }
    return q;
  }

  /** The stored fields of a waybill; throws what the API answers (8002 vehicle out of scope, 400 times). */
  fields(user: AuthUser, dto: WaybillDto) {
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    const plannedDepartAt = parseTimeParam(dto.plannedDepartAt, 'plannedDepartAt') * 1000;
    const plannedArriveAt = parseTimeParam(dto.plannedArriveAt, 'plannedArriveAt') * 1000;
    if (plannedArriveAt <= plannedDepartAt) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'plannedArriveAt' } });
    return {
      shipper: dto.shipper.trim(),
      shipperPhone: dto.shipperPhone ?? '',
      consignee: dto.consignee.trim(),
      consigneePhone: dto.consigneePhone ?? '',
      goods: dto.goods.trim(),
      weightKg: dto.weightKg ?? 0,
      dangerousClass: dto.dangerousClass,
      origin: { ...dto.origin },
      destination: { ...dto.destination },
      via: (dto.via ?? []).map((place) => ({ ...place })),
      plannedDepartAt,
      plannedArriveAt,
      vehicleId: vehicle.vehicleId,
      driverId: dto.driverId ?? '',
      driverName: dto.driverName.trim(),
      remark: dto.remark ?? '',
      companyId: vehicle.companyId,
      companyPath: pathOf(vehicle.companyPath.map(String)),
      fleetPath: pathOf(vehicle.fleetPath.map(String)),
    };
  }
}

/** LIKE wildcards in user text match themselves ('!' escapes: a backslash is read differently by MySQL and SQLite). */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}
