import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { rowInScope, whereInScope } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import type { AlarmPageQueryDto, HandleAlarmsDto } from './alarm.dto';
import { Alarm } from './alarm.entity';

/** Spec §9: the alarm screens query at most 7 days. */
const MAX_DAYS = 7;

@Injectable()
export class AlarmService {
  constructor(@InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>) {}

  async page(user: AuthUser, query: AlarmPageQueryDto): Promise<Page<Alarm>> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, MAX_DAYS);
    const builder = this.alarms.createQueryBuilder('a').where('a.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 });
    if (query.type) builder.andWhere('a.type = :type', { type: query.type });
    if (query.level !== undefined) builder.andWhere('a.level = :level', { level: query.level });
    if (query.handleStatus !== undefined) builder.andWhere('a.handle_status = :status', { status: query.handleStatus });
    if (query.vehicleId) builder.andWhere('a.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.companyId) builder.andWhere('a.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.fleetId) builder.andWhere('a.fleet_path LIKE :fleet', { fleet: `%/${query.fleetId}/%` });
    if (query.keyword) builder.andWhere('a.plate_code LIKE :keyword', { keyword: `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    const [records, total] = await whereInScope(builder, user, 'a')
      .orderBy('a.started_at', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  async get(user: AuthUser, id: number): Promise<Alarm> {
    const alarm = await this.alarms.findOneBy({ id });
    if (!alarm || !rowInScope(user, alarm)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return alarm;
  }

  /** Handles one alarm or many; each keeps the handler, time and remark. 400 for "custom" without a remark. */
  async handle(user: AuthUser, dto: HandleAlarmsDto): Promise<{ handled: number }> {
    if (dto.handleResult === 22 && !dto.remark?.trim()) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'remark' } });
    const ids = dto.alarmIds.map(Number);
    const visible = (await this.alarms.findBy({ id: In(ids) })).filter((alarm) => rowInScope(user, alarm)).map((alarm) => alarm.id);
    if (visible.length !== ids.length) throw new AppError(ErrorCode.ALREADY_DELETED, { data: ids.filter((id) => !visible.includes(id)) });
    await this.alarms.update({ id: In(visible) }, { handleStatus: dto.handleStatus, handleResult: dto.handleResult ?? 0, handleRemark: dto.remark?.trim() ?? '', handlerId: user.id, handledAt: Date.now() });
    return { handled: visible.length };
  }

  /** Alarms of the scope in the last `hours` by type and level, and how many are unhandled (home panel). */
  async stats(user: AuthUser, hours: number): Promise<{ byType: Record<string, number>; byLevel: Record<string, number>; unhandled: number; hours: number }> {
    const since = Date.now() - hours * 3_600_000;
    const grouped = (column: string) =>
      whereInScope(this.alarms.createQueryBuilder('a').select(`a.${column}`, 'key').addSelect('COUNT(*)', 'n').where('a.started_at >= :since', { since }), user, 'a')
        .groupBy(`a.${column}`)
        .getRawMany<{ key: string | number; n: string | number }>();
    const [types, levels] = await Promise.all([grouped('type'), grouped('level')]);
    const unhandled = (await this.count(user, hours)).count;
    return {
      byType: Object.fromEntries(types.map((row) => [String(row.key), Number(row.n)])),
      byLevel: Object.fromEntries(levels.map((row) => [String(row.key), Number(row.n)])),
      unhandled,
      hours,
    };
  }

  /** Unhandled alarms of the caller's scope in the last `hours` (spec §9: 4, 8, 12, 24): the `{count, time}` badge. */
  async count(user: AuthUser, hours: number): Promise<{ count: number; time: number }> {
    const builder = this.alarms.createQueryBuilder('a').where('a.handle_status = 0 AND a.started_at >= :since', { since: Date.now() - hours * 3_600_000 });
    return { count: await whereInScope(builder, user, 'a').getCount(), time: Date.now() };
  }
}
