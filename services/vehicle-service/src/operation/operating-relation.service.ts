import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { chinaDate, type OperatingRelation, type OperatingRelationType } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Page } from '@openfleet/service-kit';
import { rowInScope } from '@openfleet/storage';
import { In, type DataSource } from 'typeorm';
import type { OperatingRelationDto, OperationListQueryDto } from './operation.dto';
import { OperatingRelationEntity } from './operation.entities';
import { placeOf, publicRow, scopedList, termState, visibleOr404, whereTermState } from './operation-rows';

/**
 * /index/directVehicle (直属车辆): how each vehicle is operated, 直营 (the company's own), 挂靠
 * (a private owner's vehicle run under the company's licence) or 租赁 (leased), with the other
 * party, the contract and its fee. One per vehicle; a contract ending within 30 days is "expiring".
 */
@Injectable()
export class OperatingRelationService {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(OperatingRelationEntity);
  }

  async page(user: AuthUser, query: OperationListQueryDto): Promise<Page<OperatingRelation>> {
    const today = chinaDate(Date.now());
    const builder = scopedList(this.repo.createQueryBuilder('r'), user, this.registry, query);
    if (query.type) builder.andWhere('r.relation_type = :type', { type: query.type });
    if (query.state) whereTermState(builder, 'r.contract_end', 'r.contract_start', query.state, today);
    const [rows, total] = await builder
      .orderBy('r.plate_code', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: rows.map((row) => this.answer(row, today)), total, current: query.current, size: query.size };
  }

  async one(user: AuthUser, id: number): Promise<OperatingRelation> {
    return this.answer(visibleOr404(user, await this.repo.findOneBy({ id }), id), chinaDate(Date.now()));
  }

  async create(user: AuthUser, dto: OperatingRelationDto): Promise<{ id: number }> {
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto);
    await this.assertFree(dto.vehicleId, undefined);
    const now = Date.now();
    const saved = await this.repo.save(this.repo.create({ ...this.columnsOf(dto), ...placeOf(vehicle), createdBy: user.id, createdAt: now, updatedAt: now }));
    return { id: saved.id };
  }

  /** A full replacement: an absent optional field goes back to its default. */
  async update(user: AuthUser, id: number, dto: OperatingRelationDto): Promise<void> {
    visibleOr404(user, await this.repo.findOneBy({ id }), id);
    const vehicle = this.registry.inScope(user, dto.vehicleId);
    this.check(dto);
    await this.assertFree(dto.vehicleId, id);
    await this.repo.update({ id }, { ...this.columnsOf(dto), ...placeOf(vehicle), updatedAt: Date.now() });
  }

  /** All or nothing: one id unknown or out of scope answers 1001 with those ids and deletes none. */
  async remove(user: AuthUser, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findBy({ id: In(unique) });
    const visible = new Set(rows.filter((row) => rowInScope(user, row)).map((row) => row.id));
    const missing = unique.filter((id) => !visible.has(id));
    if (missing.length) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: missing });
    await this.repo.delete({ id: In(unique) });
  }

  private check(dto: OperatingRelationDto): void {
    if (dto.contractStart && dto.contractEnd && dto.contractEnd < dto.contractStart) throw new AppError(ErrorCode.OPERATION_PERIOD_INVALID, { data: { field: 'contractEnd' } });
  }

  /** 1002: a vehicle has one operating relation. */
  private async assertFree(vehicleId: string, exceptId: number | undefined): Promise<void> {
    const same = await this.repo.findBy({ vehicleId });
    if (same.some((row) => row.id !== exceptId)) throw new AppError(ErrorCode.RECORD_DUPLICATE, { data: { vehicleId } });
  }

  private columnsOf(dto: OperatingRelationDto) {
    return {
      relationType: dto.relationType,
      partyName: dto.partyName ?? '',
      partyPhone: dto.partyPhone ?? '',
      partyIdNo: dto.partyIdNo ?? '',
      contractNo: dto.contractNo ?? '',
      contractStart: dto.contractStart ?? null,
      contractEnd: dto.contractEnd ?? null,
      fee: dto.fee ?? 0,
      remark: dto.remark ?? '',
    };
  }

  private answer(row: OperatingRelationEntity, today: string): OperatingRelation {
    return { ...publicRow(row), relationType: row.relationType as OperatingRelationType, fee: Number(row.fee), ...termState(row.contractStart, row.contractEnd, today) };
  }
}
