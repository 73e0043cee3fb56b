import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { rowInScope, whereInScope } from '@openfleet/storage';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { Alarm } from './alarm.entity';

const HOUR_MS = 3_600_000;
/** Beyond this many candidate vehicles a plate or fleet search reads the window's alarms instead. */
const MAX_CANDIDATES = 2000;

/** What the alarm list, badge and home panel count by: a start window (ms, both ends included) and the list's filters. */
export interface AlarmCountFilter {
  from: number;
  to: number;
  type?: string;
  level?: number;
  handleStatus?: number;
  companyId?: string;
  fleetId?: string;
  vehicleId?: string;
  keyword?: string;
  /** Set by `AlarmCounter.narrow`: the only vehicles that can match (a superset, the other conditions still apply). */
  vehicleIds?: string[];
}

type Grouping = 'type' | 'level';

/** Applies a filter's conditions to a query on `alarm` (alias `a`), scope excluded. */
export function whereAlarmMatches(builder: SelectQueryBuilder<Alarm>, filter: AlarmCountFilter): SelectQueryBuilder<Alarm> {
  builder.andWhere('a.started_at BETWEEN :from AND :to', { from: filter.from, to: filter.to });
  if (filter.type) builder.andWhere('a.type = :type', { type: filter.type });
  if (filter.level !== undefined) builder.andWhere('a.level = :level', { level: filter.level });
  if (filter.handleStatus !== undefined) builder.andWhere('a.handle_status = :status', { status: filter.handleStatus });
  if (filter.vehicleIds) builder.andWhere('a.vehicle_id IN (:...vehicleIds)', { vehicleIds: filter.vehicleIds.length ? filter.vehicleIds : [''] });
  if (filter.vehicleId) builder.andWhere('a.vehicle_id = :vehicleId', { vehicleId: filter.vehicleId });
  if (filter.companyId) builder.andWhere('a.company_path LIKE :company', { company: `%/${filter.companyId}/%` });
  if (filter.fleetId) builder.andWhere('a.fleet_path LIKE :fleet', { fleet: `%/${filter.fleetId}/%` });
  if (filter.keyword) builder.andWhere('a.plate_code LIKE :keyword', { keyword: `%${escapeLike(filter.keyword)}%` });
  return builder;
}

/**
 * Counts alarms of a caller's scope. Whole hours come from `alarm_count` (kept exact by triggers,
 * see the AlarmHourlyCounts migration), the part-hours at the window's edges from `alarm` itself, so
 * 7 days of a 10,000-vehicle company sum a few thousand rows. Filters the hourly table does not
 * hold (fleet, vehicle, plate, a fleet-scoped caller) count from `alarm` directly, by vehicle
 * when `narrow` found the few vehicles they can match.
 */
@Injectable()
export class AlarmCounter {
  constructor(
    @InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>,
    @InjectDataSource('alarm') private readonly dataSource: DataSource,
  ) {}

  /**
   * A plate or fleet filter, or a fleet-scoped caller, cannot use an index on `alarm`: the vehicles
   * they can match come from `alarm_vehicle` first, and the alarms are read by vehicle and time.
   */
  async narrow(user: AuthUser, filter: AlarmCountFilter): Promise<AlarmCountFilter> {
    // Users limited to fleets or single vehicles: the company-wide hourly counts do not apply to them.
    const fleetScoped = !user.superAdmin && (user.scope.fleets.length > 0 || !!user.scope.vehicles?.length);
    if (filter.vehicleId || (!filter.keyword && !filter.fleetId && !fleetScoped)) return filter;
    const builder = this.dataSource.createQueryBuilder().from('alarm_vehicle', 'a').select('DISTINCT a.vehicle_id', 'id');
    if (filter.keyword) builder.andWhere('a.plate_code LIKE :keyword', { keyword: `%${escapeLike(filter.keyword)}%` });
    if (filter.fleetId) builder.andWhere('a.fleet_path LIKE :fleet', { fleet: `%/${filter.fleetId}/%` });
    if (filter.companyId) builder.andWhere('a.company_path LIKE :company', { company: `%/${filter.companyId}/%` });
    const ids = (await whereInScope(builder, user, 'a', { vehicleColumn: 'vehicle_id' }).limit(MAX_CANDIDATES + 1).getRawMany<{ id: string }>()).map((row) => row.id);
    return ids.length > MAX_CANDIDATES ? filter : { ...filter, vehicleIds: ids };
  }

  async count(user: AuthUser, filter: AlarmCountFilter): Promise<number> {
    return [...(await this.countBy(user, filter)).values()].reduce((sum, n) => sum + n, 0);
  }

  /** Counts per type or level (or one total under the key ''); keys with no alarms are absent. */
  async countBy(user: AuthUser, filter: AlarmCountFilter, grouping?: Grouping): Promise<Map<string, number>> {
    const hourFrom = Math.ceil(filter.from / HOUR_MS) * HOUR_MS;
    const hourTo = Math.floor((filter.to + 1) / HOUR_MS) * HOUR_MS;
    const hourly = !filter.fleetId && !filter.vehicleId && !filter.vehicleIds && !filter.keyword && (user.superAdmin || (user.scope.fleets.length === 0 && !user.scope.vehicles?.length)) && hourTo > hourFrom;
    if (!hourly) return this.fromAlarms(user, filter, grouping);
    const [head, whole, tail] = await Promise.all([
      hourFrom > filter.from ? this.fromAlarms(user, { ...filter, to: hourFrom - 1 }, grouping) : new Map<string, number>(),
      this.fromHours(user, filter, hourFrom, hourTo, grouping),
      hourTo <= filter.to ? this.fromAlarms(user, { ...filter, from: hourTo }, grouping) : new Map<string, number>(),
    ]);
    for (const part of [whole, tail]) for (const [key, n] of part) head.set(key, (head.get(key) ?? 0) + n);
    return head;
  }

  private async fromAlarms(user: AuthUser, filter: AlarmCountFilter, grouping?: Grouping): Promise<Map<string, number>> {
    const builder = whereInScope(whereAlarmMatches(this.alarms.createQueryBuilder('a').select('COUNT(*)', 'n'), filter), user, 'a', { vehicleColumn: 'vehicle_id' });
    if (grouping) builder.addSelect(`a.${grouping}`, 'key').groupBy(`a.${grouping}`);
    return toMap(await builder.getRawMany<{ key?: string | number; n: string | number }>());
  }

  private async fromHours(user: AuthUser, filter: AlarmCountFilter, hourFrom: number, hourTo: number, grouping?: Grouping): Promise<Map<string, number>> {
    // The company paths that have alarms (a loose scan of the key's first column), narrowed to the
    // caller's scope and the company filter; each then reads its own range of hours.
    const known = (await this.dataSource.query('SELECT DISTINCT company_path AS path FROM alarm_count')) as { path: string }[];
    const paths = known.map((row) => row.path).filter((path) => rowInScope(user, { companyPath: path, fleetPath: '' }) && (!filter.companyId || path.includes(`/${filter.companyId}/`)));
    if (!paths.length) return new Map();
    const builder = this.dataSource
      .createQueryBuilder()
      .from('alarm_count', 'c')
      .select('SUM(c.n)', 'n')
      .where('c.company_path IN (:...paths)', { paths })
      .andWhere('c.hour >= :hourFrom AND c.hour < :hourTo', { hourFrom, hourTo });
    if (filter.type) builder.andWhere('c.type = :type', { type: filter.type });
    if (filter.level !== undefined) builder.andWhere('c.level = :level', { level: filter.level });
    if (filter.handleStatus !== undefined) builder.andWhere('c.handle_status = :status', { status: filter.handleStatus });
    if (grouping) builder.addSelect(`c.${grouping}`, 'key').groupBy(`c.${grouping}`);
    return toMap(await builder.getRawMany<{ key?: string | number; n: string | number | null }>());
  }
}

function toMap(rows: { key?: string | number; n: string | number | null }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) if (Number(row.n)) counts.set(String(row.key ?? ''), Number(row.n));
  return counts;
}

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}
