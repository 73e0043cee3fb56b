import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { RESCUE_TRANSITIONS, RescueStatus, Topics, type RescueCaseDetail, type RescueStatusCode } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS, queryWindow, type Page } from '@openfleet/service-kit';
import { rowInScope, whereInScope } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import { AlarmService } from '../alarm/alarm.service';
import { EvidenceService } from '../evidence/evidence.service';
import { NearbyVehicles } from './nearby-vehicles';
import { RescueCase, RescueStepRow } from './rescue-case.entity';
import type { RescuePageQueryDto, RescueStatusDto } from './rescue.dto';
import { rescueEventOf, rescueRowOf, rescueStepOf } from './rescue-view';

/** Spec §9 query windows: the rescue list looks back at most 30 days at once. */
const MAX_DAYS = 30;

/** The rescue cases of the caller's scope: list, detail with timeline, evidence and nearby vehicles, and the status workflow. */
@Injectable()
export class RescueService {
  constructor(
    @InjectRepository(RescueCase, 'alarm') private readonly cases: Repository<RescueCase>,
    @InjectRepository(RescueStepRow, 'alarm') private readonly steps: Repository<RescueStepRow>,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly alarms: AlarmService,
    private readonly evidence: EvidenceService,
    private readonly nearby: NearbyVehicles,
  ) {}

  /** Newest alarm first; 8002 for a vehicle filter naming what the caller cannot see, as for an unknown one. */
  async page(user: AuthUser, query: RescuePageQueryDto): Promise<Page<RescueCase>> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, MAX_DAYS);
    checkFilterScope(user, this.registry.all(), { vehicleIds: query.vehicleId });
    const q = whereInScope(this.cases.createQueryBuilder('c'), user, 'c', { vehicleColumn: 'vehicle_id' }).andWhere('c.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 });
    if (query.status !== undefined) q.andWhere('c.status = :status', { status: query.status });
    if (query.type) q.andWhere('c.type = :type', { type: query.type });
    if (query.vehicleId) q.andWhere('c.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.keyword?.trim()) q.andWhere('c.plate_code LIKE :plate', { plate: `%${query.keyword.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` });
    const [records, total] = await q.orderBy('c.started_at', 'DESC').addOrderBy('c.id', 'DESC').skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  /** One case of the scope; another company's answers 410 as if it did not exist. */
  async get(user: AuthUser, id: number): Promise<RescueCase> {
    const found = await this.cases.findOneBy({ id });
    if (!found || !rowInScope(user, found)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return found;
  }

  async detail(user: AuthUser, id: number, authorization: string): Promise<RescueCaseDetail> {
    const found = await this.get(user, id);
    const [steps, evidence, nearby] = await Promise.all([
      this.steps.find({ where: { caseId: found.id }, order: { at: 'ASC', id: 'ASC' } }),
      this.evidenceOf(user, found),
      this.nearby.near(authorization, found, found.vehicleId),
    ]);
    return { ...rescueRowOf(found), steps: steps.map(rescueStepOf), evidence, nearby };
  }

  /**
   * Moves a case along the workflow (RESCUE_TRANSITIONS) and records the step. 409 for a move the
   * workflow does not allow from the current status, or when another operator moved it first;
   * 400 for a false alarm without a remark.
   */
  async changeStatus(user: AuthUser, id: number, dto: RescueStatusDto): Promise<RescueCase> {
    const found = await this.get(user, id);
    const to = dto.status as RescueStatusCode;
    const remark = dto.remark?.trim() ?? '';
    if (to === RescueStatus.FALSE_ALARM && !remark) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'remark' } });
    const from = found.status as RescueStatusCode;
    if (!RESCUE_TRANSITIONS[from]?.includes(to)) throw new AppError(ErrorCode.CONFLICT, { detail: `rescue status ${from} cannot become ${to}`, data: { status: from, allowed: RESCUE_TRANSITIONS[from] ?? [] } });
    const now = Date.now();
    // Only from the status read: of two operators moving one case at once, the second gets 409.
    const moved = await this.cases.createQueryBuilder().update().set({ status: to, updatedAt: now }).where('id = :id AND status = :from', { id: found.id, from }).execute();
    if (!moved.affected) throw new AppError(ErrorCode.CONFLICT, { detail: 'the case moved meanwhile', data: { status: from } });
    await this.steps.insert({ caseId: found.id, status: to, fromStatus: from, operatorId: user.id, at: now, remark });
    const updated = { ...found, status: to, updatedAt: now };
    await this.bus.publish(Topics.rescueCase, { key: found.vehicleId || found.terminalPhone, value: rescueEventOf(updated, now) });
    return updated;
  }

  /** Whether the alarm opened a case (the rescue screen serves only those alarms' evidence). */
  async hasCase(alarmId: number): Promise<boolean> {
    return (await this.cases.countBy({ alarmId: String(alarmId) })) > 0;
  }

  private async evidenceOf(user: AuthUser, found: RescueCase): Promise<RescueCaseDetail['evidence']> {
    // Platform-side alarms (alarm.detected.v1) have no numeric id and no evidence.
    if (!/^\d{1,19}$/.test(found.alarmId)) return null;
    const alarm = await this.alarms.get(user, Number(found.alarmId)).catch(() => null);
    return alarm ? this.evidence.list(user, alarm) : null;
  }
}
