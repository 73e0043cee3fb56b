import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { parseChinaTime, ReminderStatus, type ReminderCounts, type ReminderPage } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { whereInScope } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import { ReminderEntity } from './reminder.entities';
import { rowOf } from './reminder-row';
import type { ReminderPageQueryDto } from './reminders.dto';

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The reminders list, marking read or done, and the unread counts of the header badges. */
@Injectable()
export class RemindersService {
  constructor(
    @InjectRepository(ReminderEntity, 'vehicle_service') private readonly reminders: Repository<ReminderEntity>,
    private readonly registry: VehicleRegistry,
  ) {}

  async page(user: AuthUser, query: ReminderPageQueryDto): Promise<ReminderPage> {
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleId });
    const builder = whereInScope(this.reminders.createQueryBuilder('r').where('1 = 1'), user, 'r', { vehicleColumn: 'vehicle_id' });
    if (query.kind) builder.andWhere('r.kind = :kind', { kind: query.kind });
    if (query.status !== undefined) builder.andWhere('r.status = :status', { status: query.status });
    if (query.vehicleId) builder.andWhere('r.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.plateCode) builder.andWhere('r.plate_code LIKE :plate', { plate: `%${escapeLike(query.plateCode)}%` });
    if (query.companyId) builder.andWhere('r.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.fleetId) builder.andWhere('r.fleet_path LIKE :fleet', { fleet: `%/${query.fleetId}/%` });
    if (query.startTime) builder.andWhere('r.created_at >= :from', { from: parseChinaTime(query.startTime) });
    if (query.endTime) builder.andWhere('r.created_at <= :to', { to: parseChinaTime(query.endTime) });
    const [rows, total] = await builder.orderBy('r.id', 'DESC').skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map(rowOf), total, current: query.current, size: query.size };
  }

  /** Unread reminders in the caller's scope, by kind. */
  async counts(user: AuthUser): Promise<ReminderCounts> {
    const rows = await whereInScope(this.reminders.createQueryBuilder('r').select('r.kind', 'kind').addSelect('COUNT(*)', 'n').where('r.status = :unread', { unread: ReminderStatus.UNREAD }), user, 'r', { vehicleColumn: 'vehicle_id' })
      .groupBy('r.kind')
      .getRawMany<{ kind: string; n: unknown }>();
    const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
    const counts = { insurance: of('insurance'), inspection: of('inspection'), maintenance: of('maintenance') };
    return { messages: counts.insurance + counts.inspection + counts.maintenance, ...counts };
  }

  /** Unread -> read (a done one stays done). 1020 when one id is unknown or out of scope: nothing is changed then. */
  async markRead(user: AuthUser, ids: number[]): Promise<number> {
    await this.assertVisible(user, ids);
    const result = await this.reminders.update({ id: In(ids), status: ReminderStatus.UNREAD }, { status: ReminderStatus.READ, readAt: Date.now(), handledBy: String(user.id) });
    return result.affected ?? 0;
  }

  /** Unread or read -> done. */
  async markDone(user: AuthUser, ids: number[]): Promise<number> {
    await this.assertVisible(user, ids);
    const now = Date.now();
    const result = await this.reminders.update({ id: In(ids), status: In([ReminderStatus.UNREAD, ReminderStatus.READ]) }, { status: ReminderStatus.DONE, doneAt: now, handledBy: String(user.id) });
    return result.affected ?? 0;
  }

  private async assertVisible(user: AuthUser, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await whereInScope(this.reminders.createQueryBuilder('r').select('r.id', 'id').where('r.id IN (:...ids)', { ids: unique }), user, 'r', { vehicleColumn: 'vehicle_id' }).getRawMany<{ id: unknown }>();
    const seen = new Set(found.map((row) => Number(row.id)));
    const missing = unique.filter((id) => !seen.has(id));
    if (missing.length) throw new AppError(ErrorCode.REMINDER_NOT_FOUND, { data: { ids: missing } });
  }
}
