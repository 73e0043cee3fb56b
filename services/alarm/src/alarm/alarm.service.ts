import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { queryWindow, type Page } from '@openfleet/service-kit';
import { rowInScope, whereInScope } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import type { AlarmPageQueryDto, HandleAlarmsDto } from './alarm.dto';
import { AlarmCounter, whereAlarmMatches, type AlarmCountFilter } from './alarm-counter';
import { Alarm } from './alarm.entity';

/** Spec §9: the alarm screens query at most 7 days. */
const MAX_DAYS = 7;

@Injectable()
export class AlarmService {
  constructor(
    @InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>,
    private readonly counter: AlarmCounter,
    private readonly registry: VehicleRegistry,
  ) {}

  /** The list (and its export); 8002 for a company, fleet or vehicle filter naming what the caller cannot see, as for an unknown one. */
  async page(user: AuthUser, query: AlarmPageQueryDto): Promise<Page<Alarm>> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, MAX_DAYS);
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleId });
    const filter = await this.counter.narrow(user, { ...pickFilters(query), from: startS * 1000, to: endS * 1000 + 999 });
    const [records, total] = await Promise.all([
      whereInScope(whereAlarmMatches(this.alarms.createQueryBuilder('a'), filter), user, 'a', { vehicleColumn: 'vehicle_id' })
        .orderBy('a.started_at', 'DESC')
        .skip((query.current - 1) * query.size)
        .take(query.size)
        .getMany(),
      this.counter.count(user, filter),
    ]);
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
    const window = lastHours(hours);
    const [types, levels, unhandled] = await Promise.all([this.counter.countBy(user, window, 'type'), this.counter.countBy(user, window, 'level'), this.counter.count(user, { ...window, handleStatus: 0 })]);
    return { byType: Object.fromEntries(types), byLevel: Object.fromEntries(levels), unhandled, hours };
  }

  /** Unhandled alarms of the caller's scope in the last `hours` (spec §9: 4, 8, 12, 24): the `{count, time}` badge. */
  async count(user: AuthUser, hours: number): Promise<{ count: number; time: number }> {
    return { count: await this.counter.count(user, { ...lastHours(hours), handleStatus: 0 }), time: Date.now() };
  }
}

function pickFilters({ type, level, handleStatus, vehicleId, companyId, fleetId, keyword }: AlarmPageQueryDto): Omit<AlarmCountFilter, 'from' | 'to'> {
  return { type, level, handleStatus, vehicleId, companyId, fleetId, keyword };
}

function lastHours(hours: number): { from: number; to: number } {
  const now = Date.now();
  return { from: now - hours * 3_600_000, to: now };
}
