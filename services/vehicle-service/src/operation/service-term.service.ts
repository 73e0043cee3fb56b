import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { OPERATION_EXPIRING_DAYS, chinaDate, type ServiceRenewal, type ServiceTerm, type ServiceTermCounts } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { rowInScope, whereInScope } from '@openfleet/storage';
import { In, type DataSource } from 'typeorm';
import type { OperationListQueryDto, ServiceRenewalDto, ServiceTermDto } from './operation.dto';
import { ServiceRenewalEntity, ServiceTermEntity } from './operation.entities';
import { addDays, placeOf, publicRow, scopedList, termState, visibleOr404, whereTermState } from './operation-rows';

/**
 * /index/manageService (服务管理): each vehicle's platform service term (the period its data
 * service is paid for), its package, fee and whether it is paid. A renewal extends the end and is
 * kept as history; the page counts the terms ending within 30 days and those already over.
 */
@Injectable()
export class ServiceTermService {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  private get terms() {
    return this.dataSource.getRepository(ServiceTermEntity);
  }

  async page(user: AuthUser, query: OperationListQueryDto): Promise<Page<ServiceTerm>> {
    const today = chinaDate(Date.now());
    const builder = scopedList(this.terms.createQueryBuilder('r'), user, this.registry, query);
    if (query.state) whereTermState(builder, 'r.end_date', 'r.start_date', query.state, today);
    if (query.paid !== undefined) builder.andWhere('r.paid = :paid', { paid: query.paid });
    const [rows, total] = await builder
      .orderBy('r.end_date', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: rows.map((row) => this.answer(row, today)), total, current: query.current, size: query.size };
  }

  /** The page's counters, in the caller's scope. */
  async counts(user: AuthUser): Promise<ServiceTermCounts> {
    const today = chinaDate(Date.now());
    const soon = addDays(today, OPERATION_EXPIRING_DAYS);
    const raw = await whereInScope(this.terms.createQueryBuilder('r'), user, 'r', { vehicleColumn: 'vehicle_id' })
      .select('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN r.end_date < :today THEN 1 ELSE 0 END)', 'expired')
      .addSelect('SUM(CASE WHEN r.end_date >= :today AND r.end_date <= :soon AND r.start_date <= :today THEN 1 ELSE 0 END)', 'expiring')
      .addSelect('SUM(CASE WHEN r.paid = 0 THEN 1 ELSE 0 END)', 'unpaid')
      .setParameters({ today, soon })
      .getRawOne<Record<string, unknown>>();
    const count = (key: string) => Number(raw?.[key] ?? 0);
    return { total: count('total'), expiring: count('expiring'), expired: count('expired'), unpaid: count('unpaid') };
  }

  async one(user: AuthUser, id: number): Promise<ServiceTerm> {
    return this.answer(visibleOr404(user, await this.terms.findOneBy({ id }), id), chinaDate(Date.now()));
  }

  async create(user: AuthUser, dto: ServiceTermDto): Promise<{ id: number }> {
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto.startDate, dto.endDate);
    await this.assertFree(dto.vehicleId, undefined);
    const now = Date.now();
    const saved = await this.terms.save(this.terms.create({ ...this.columnsOf(dto), ...placeOf(vehicle), renewalCount: 0, createdBy: user.id, createdAt: now, updatedAt: now }));
    return { id: saved.id };
  }

  async update(user: AuthUser, id: number, dto: ServiceTermDto): Promise<void> {
    visibleOr404(user, await this.terms.findOneBy({ id }), id);
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto.startDate, dto.endDate);
    await this.assertFree(dto.vehicleId, id);
    await this.terms.update({ id }, { ...this.columnsOf(dto), ...placeOf(vehicle), updatedAt: Date.now() });
  }

  async remove(user: AuthUser, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await this.terms.findBy({ id: In(unique) });
    const visible = new Set(rows.filter((row) => rowInScope(user, row)).map((row) => row.id));
    const missing = unique.filter((id) => !visible.has(id));
    if (missing.length) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: missing });
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ServiceRenewalEntity, { termId: In(unique) });
      await manager.delete(ServiceTermEntity, { id: In(unique) });
    });
  }

  /** Extends the term to `newEnd` (after the current end: 1040 otherwise), keeps the renewal; the fee and paid state become the renewal's. */
  async renew(user: AuthUser, id: number, dto: ServiceRenewalDto): Promise<{ id: number }> {
    const term = visibleOr404(user, await this.terms.findOneBy({ id }), id);
    if (dto.newEnd <= term.endDate) throw new AppError(ErrorCode.OPERATION_PERIOD_INVALID, { data: { field: 'newEnd', currentEnd: term.endDate } });
    const now = Date.now();
    return this.dataSource.transaction(async (manager) => {
      const renewal = await manager.save(
        ServiceRenewalEntity,
        manager.create(ServiceRenewalEntity, {
          termId: id,
          vehicleId: term.vehicleId,
          packageName: dto.packageName ?? term.packageName,
          previousEnd: term.endDate,
          newEnd: dto.newEnd,
          fee: dto.fee ?? 0,
          paid: dto.paid ?? false,
          remark: dto.remark ?? '',
          createdBy: user.id,
          createdAt: now,
        }),
      );
      await manager.update(ServiceTermEntity, { id }, { endDate: dto.newEnd, packageName: dto.packageName ?? term.packageName, fee: dto.fee ?? 0, paid: dto.paid ?? false, renewalCount: term.renewalCount + 1, updatedAt: now });
      return { id: renewal.id };
    });
  }

  async renewals(user: AuthUser, id: number): Promise<ServiceRenewal[]> {
    visibleOr404(user, await this.terms.findOneBy({ id }), id);
    const rows = await this.dataSource.getRepository(ServiceRenewalEntity).find({ where: { termId: id }, order: { id: 'DESC' } });
    return rows.map((row) => ({ ...row, fee: Number(row.fee) }));
  }

  private check(start: string, end: string): void {
    if (end < start) throw new AppError(ErrorCode.OPERATION_PERIOD_INVALID, { data: { field: 'endDate' } });
  }

  /** 1002: a vehicle has one service term (a renewal extends it). */
  private async assertFree(vehicleId: string, exceptId: number | undefined): Promise<void> {
    const same = await this.terms.findBy({ vehicleId });
    if (same.some((row) => row.id !== exceptId)) throw new AppError(ErrorCode.RECORD_DUPLICATE, { data: { vehicleId } });
  }

  private columnsOf(dto: ServiceTermDto) {
    return { packageName: dto.packageName ?? '', startDate: dto.startDate, endDate: dto.endDate, fee: dto.fee ?? 0, paid: dto.paid ?? false, remark: dto.remark ?? '' };
  }

  private answer(row: ServiceTermEntity, today: string): ServiceTerm {
    const { state, daysLeft } = termState(row.startDate, row.endDate, today);
    return { ...publicRow(row), fee: Number(row.fee), state, daysLeft: daysLeft ?? 0 };
  }
}
