import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { SpecialBusiness, SpecialBusinessStatus, SpecialBusinessType, VehicleUseState } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { rowInScope } from '@openfleet/storage';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { OperationListQueryDto, SpecialBusinessDto, SpecialBusinessReviewDto } from './operation.dto';
import { SpecialBusinessEntity, VehicleUseStateEntity } from './operation.entities';
import { placeOf, publicRow, scopedList, visibleOr404 } from './operation-rows';

const PENDING = 0;
const APPROVED = 1;
const REJECTED = 2;
const IN_OPERATION: VehicleUseState = 1;

/**
 * Which use states a case may start from and the state it leaves once approved (undefined: the
 * state stays). 报停 only stops a vehicle in operation, 复运 only resumes a suspended one; after
 * 注销 or 转籍 the vehicle is gone from this platform and nothing else applies.
 */
const TRANSITIONS: Record<SpecialBusinessType, { from: readonly VehicleUseState[]; to?: VehicleUseState }> = {
  1: { from: [1], to: 2 },
  2: { from: [2], to: 1 },
  3: { from: [1, 2] },
  4: { from: [1, 2], to: 3 },
  5: { from: [1, 2], to: 4 },
};

/**
 * /index/specialBusiness (特殊业务): a vehicle's special cases, 报停 (suspension), 复运
 * (resumption), 过户 (ownership transfer), 注销 (deregistration), 转籍 (transfer of registration),
 * applied for (申请) and then approved (审核通过) or rejected (驳回). An approved case sets the
 * vehicle's use state; every case stays as the vehicle's history. Only a pending case is edited;
 * an approved one is never deleted (it explains the use state).
 */
@Injectable()
export class SpecialBusinessService {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  private get cases() {
    return this.dataSource.getRepository(SpecialBusinessEntity);
  }

  async page(user: AuthUser, query: OperationListQueryDto): Promise<Page<SpecialBusiness>> {
    const builder = scopedList(this.cases.createQueryBuilder('r'), user, this.registry, query);
    if (query.type) builder.andWhere('r.business_type = :type', { type: query.type });
    if (query.status !== undefined) builder.andWhere('r.status = :status', { status: query.status });
    const [rows, total] = await builder
      .orderBy('r.apply_date', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    const states = await this.useStates(rows.map((row) => row.vehicleId));
    return { records: rows.map((row) => this.answer(row, states.get(row.vehicleId) ?? IN_OPERATION)), total, current: query.current, size: query.size };
  }

  async one(user: AuthUser, id: number): Promise<SpecialBusiness> {
    const row = visibleOr404(user, await this.cases.findOneBy({ id }), id);
    return this.answer(row, await this.useStateOf(row.vehicleId));
  }

  /** The vehicle's use state now (8002 out of scope). */
  async useState(user: AuthUser, vehicleId: string): Promise<{ vehicleId: string; useState: VehicleUseState; businessId: number | null }> {
    this.registry.inScope(user, vehicleId);
    const row = await this.dataSource.getRepository(VehicleUseStateEntity).findOneBy({ vehicleId });
    return { vehicleId, useState: (row?.useState ?? IN_OPERATION) as VehicleUseState, businessId: row?.businessId ?? null };
  }

  async create(user: AuthUser, dto: SpecialBusinessDto): Promise<{ id: number }> {
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto);
    this.assertAllowed(dto.businessType as SpecialBusinessType, await this.useStateOf(dto.vehicleId));
    const now = Date.now();
    const saved = await this.cases.save(this.cases.create({ ...this.columnsOf(dto), ...placeOf(vehicle), status: PENDING, reviewedBy: '', reviewComment: '', reviewedAt: 0, createdBy: user.id, createdAt: now, updatedAt: now }));
    return { id: saved.id };
  }

  async update(user: AuthUser, id: number, dto: SpecialBusinessDto): Promise<void> {
    const row = visibleOr404(user, await this.cases.findOneBy({ id }), id);
    if (row.status !== PENDING) throw new AppError(ErrorCode.SPECIAL_BUSINESS_REVIEWED, { data: id });
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto);
    this.assertAllowed(dto.businessType as SpecialBusinessType, await this.useStateOf(dto.vehicleId));
    await this.cases.update({ id }, { ...this.columnsOf(dto), ...placeOf(vehicle), updatedAt: Date.now() });
  }

  /** All or nothing: 1001 for unknown or unseen ids, 1041 for an approved case. */
  async remove(user: AuthUser, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = (await this.cases.findBy({ id: In(unique) })).filter((row) => rowInScope(user, row));
    const visible = new Set(rows.map((row) => row.id));
    const missing = unique.filter((id) => !visible.has(id));
    if (missing.length) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: missing });
    const approved = rows.filter((row) => row.status === APPROVED).map((row) => row.id);
    if (approved.length) throw new AppError(ErrorCode.SPECIAL_BUSINESS_REVIEWED, { data: approved });
    await this.cases.delete({ id: In(unique) });
  }

  /** 审核: approve (the vehicle's use state follows) or reject a pending case; 1041 when already reviewed, 1042 when the vehicle's state no longer allows it. */
  async review(user: AuthUser, id: number, dto: SpecialBusinessReviewDto): Promise<SpecialBusiness> {
    visibleOr404(user, await this.cases.findOneBy({ id }), id);
    await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneByOrFail(SpecialBusinessEntity, { id });
      if (row.status !== PENDING) throw new AppError(ErrorCode.SPECIAL_BUSINESS_REVIEWED, { data: id });
      const now = Date.now();
      if (dto.approved) {
        const transition = this.assertAllowed(row.businessType as SpecialBusinessType, await this.useStateOf(row.vehicleId, manager));
        if (transition.to) await manager.save(VehicleUseStateEntity, { vehicleId: row.vehicleId, useState: transition.to, businessId: id, updatedAt: now });
      }
      // Guarded on the pending status: a concurrent review of the same case changes nothing.
      const result = await manager.update(SpecialBusinessEntity, { id, status: PENDING }, { status: dto.approved ? APPROVED : REJECTED, reviewedBy: user.id, reviewComment: dto.comment ?? '', reviewedAt: now, updatedAt: now });
      if (!result.affected) throw new AppError(ErrorCode.SPECIAL_BUSINESS_REVIEWED, { data: id });
    });
    return this.one(user, id);
  }

  private check(dto: SpecialBusinessDto): void {
    if (dto.effectiveDate < dto.applyDate) throw new AppError(ErrorCode.OPERATION_PERIOD_INVALID, { data: { field: 'effectiveDate' } });
    if (dto.endDate && dto.endDate < dto.effectiveDate) throw new AppError(ErrorCode.OPERATION_PERIOD_INVALID, { data: { field: 'endDate' } });
  }

  private assertAllowed(type: SpecialBusinessType, state: VehicleUseState) {
    const transition = TRANSITIONS[type];
    if (!transition.from.includes(state)) throw new AppError(ErrorCode.SPECIAL_BUSINESS_NOT_ALLOWED, { data: { businessType: type, useState: state } });
    return transition;
  }

  private async useStateOf(vehicleId: string, manager: EntityManager = this.dataSource.manager): Promise<VehicleUseState> {
    return ((await manager.findOneBy(VehicleUseStateEntity, { vehicleId }))?.useState ?? IN_OPERATION) as VehicleUseState;
  }

  private async useStates(vehicleIds: string[]): Promise<Map<string, VehicleUseState>> {
    if (!vehicleIds.length) return new Map();
    const rows = await this.dataSource.getRepository(VehicleUseStateEntity).findBy({ vehicleId: In([...new Set(vehicleIds)]) });
    return new Map(rows.map((row) => [row.vehicleId, row.useState as VehicleUseState]));
  }

  private columnsOf(dto: SpecialBusinessDto) {
    return {
      businessType: dto.businessType,
      applicant: dto.applicant.trim(),
      applicantPhone: dto.applicantPhone ?? '',
      reason: dto.reason.trim(),
      applyDate: dto.applyDate,
      effectiveDate: dto.effectiveDate,
      endDate: dto.endDate ?? null,
      newOwner: dto.newOwner ?? '',
      remark: dto.remark ?? '',
    };
  }

  private answer(row: SpecialBusinessEntity, useState: VehicleUseState): SpecialBusiness {
    return { ...publicRow(row), businessType: row.businessType as SpecialBusinessType, status: row.status as SpecialBusinessStatus, useState };
  }
}
