import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { CHINA_UTC_OFFSET_MS, chinaDateOfDay, type AlarmRankRow, type AlarmReportRow, type HandlingStatsRow } from '@openfleet/contracts';
import { whereInScope } from '@openfleet/storage';
import { queryWindow, type Page } from '@openfleet/service-kit';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Alarm } from '../alarm/alarm.entity';
import type { AlarmReportQueryDto, HandlingStatsQueryDto } from './alarm-report.dto';

/** The alarm types each report covers: the terminal's, the platform rule's and the fence's or camera's. */
export const REPORT_TYPES = {
  overspeed: ['overspeed', 'platformOverspeed', 'areaOverspeed'],
  fatigue: ['fatigueDriving', 'platformFatigue', 'dsmFatigue'],
} as const;
export type ReportKind = keyof typeof REPORT_TYPES;

/** Spec §9: alarm selections query at most 7 days; statistics a month. */
const REPORT_DAYS = 7;
const STATS_DAYS = 31;
const DAY_MS = 86_400_000;
const CST_MS = CHINA_UTC_OFFSET_MS;

// The answer types are the console's too (libs/contracts alarm-report-api).
export type ReportRow = AlarmReportRow;
export type RankRow = AlarmRankRow;
export type { HandlingStatsRow };




/** Overspeed and fatigue reports with top-10 rankings, and handling statistics, within the caller's scope. */
@Injectable()
export class AlarmReportService {
  constructor(
    @InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>,
    private readonly registry: VehicleRegistry,
  ) {}

  async list(user: AuthUser, kind: ReportKind, query: AlarmReportQueryDto): Promise<Page<ReportRow>> {
    const [records, total] = await this.filtered(user, kind, query).orderBy('a.started_at', 'DESC').skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    const now = Date.now();
    return { records: records.map((alarm) => this.row(alarm, now)), total, current: query.current, size: query.size };
  }

  /** Every row of the window (for the export), newest first, at most `limit`. */
  async all(user: AuthUser, kind: ReportKind, query: AlarmReportQueryDto, limit: number): Promise<ReportRow[]> {
    const now = Date.now();
    return (await this.filtered(user, kind, query).orderBy('a.started_at', 'DESC').take(limit).getMany()).map((alarm) => this.row(alarm, now));
  }

  /** The ten vehicles with the most alarms of the report, and the ten with the longest total duration. */
  async top(user: AuthUser, kind: ReportKind, query: AlarmReportQueryDto): Promise<{ byCount: RankRow[]; byDuration: RankRow[] }> {
    const now = Date.now();
    const duration = `SUM(CASE WHEN a.ended_at > 0 THEN a.ended_at - a.started_at ELSE ${now} - a.started_at END)`;
    const ranked = (order: string) =>
      this.filtered(user, kind, query)
        .select('a.vehicle_id', 'vehicleId')
        .addSelect('MAX(a.plate_code)', 'plateCode')
        .addSelect('COUNT(*)', 'count')
        .addSelect(duration, 'durationMs')
        .groupBy('a.vehicle_id')
        .orderBy(order, 'DESC')
        .addOrderBy('a.vehicle_id', 'ASC')
        .limit(10)
        .getRawMany<{ vehicleId: string; plateCode: string; count: string | number; durationMs: string | number }>();
    const shape = (rows: Awaited<ReturnType<typeof ranked>>) => rows.map((row) => ({ vehicleId: row.vehicleId, plateCode: row.plateCode, count: Number(row.count), durationS: Math.round(Number(row.durationMs) / 1000) }));
    const [byCount, byDuration] = await Promise.all([ranked('count'), ranked('durationMs')]);
    return { byCount: shape(byCount), byDuration: shape(byDuration) };
  }

  /** Alarms of the window by type, owning company or China-time day, with how many were handled in each way. */
  async handlingStats(user: AuthUser, query: HandlingStatsQueryDto): Promise<HandlingStatsRow[]> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, STATS_DAYS);
    const engine = this.alarms.manager.connection.options.type;
    const sqlite = engine === 'better-sqlite3' || engine === 'sqlite';
    const key = query.groupBy === 'type' ? 'a.type' : query.groupBy === 'company' ? 'a.company_path' : sqlite ? `((a.started_at + ${CST_MS}) / ${DAY_MS})` : `((a.started_at + ${CST_MS}) DIV ${DAY_MS})`;
    const rows = await whereInScope(
      this.alarms
        .createQueryBuilder('a')
        .select(key, 'key')
        .addSelect('a.handle_status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('a.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 }),
      user,
      'a',
      { vehicleColumn: 'vehicle_id' },
    )
      .groupBy(key)
      .addGroupBy('a.handle_status')
      .getRawMany<{ key: string | number; status: string | number; n: string | number }>();
    const groups = new Map<string, HandlingStatsRow>();
    for (const row of rows) {
      const name = query.groupBy === 'company' ? (String(row.key).split('/').filter(Boolean).at(-1) ?? '') : query.groupBy === 'day' ? chinaDateOfDay(Number(row.key)) : String(row.key);
      const group = groups.get(name) ?? { key: name, total: 0, unhandled: 0, handled: 0, notProcessed: 0, future: 0, rate: 0 };
      const n = Number(row.n);
      const status = Number(row.status);
      group.total += n;
      if (status === 1) group.handled += n;
      else if (status === 2) group.notProcessed += n;
      else if (status === 3) group.future += n;
      else group.unhandled += n;
      groups.set(name, group);
    }
    const out = [...groups.values()].map((group) => ({ ...group, rate: group.total ? Math.round(((group.total - group.unhandled) / group.total) * 1000) / 1000 : 0 }));
    return query.groupBy === 'day' ? out.sort((a, b) => a.key.localeCompare(b.key)) : out.sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  }

  /** The report's alarms; 8002 for a company, fleet or vehicle filter naming what the caller cannot see. */
  private filtered(user: AuthUser, kind: ReportKind, query: AlarmReportQueryDto): SelectQueryBuilder<Alarm> {
    const { startS, endS } = queryWindow(query.startTime, query.endTime, REPORT_DAYS);
    checkFilterScope(user, this.registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleId });
    const builder = this.alarms
      .createQueryBuilder('a')
      .where('a.started_at BETWEEN :from AND :to', { from: startS * 1000, to: endS * 1000 + 999 })
      .andWhere('a.type IN (:...types)', { types: [...REPORT_TYPES[kind]] });
    if (query.vehicleId) builder.andWhere('a.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.companyId) builder.andWhere('a.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.fleetId) builder.andWhere('a.fleet_path LIKE :fleet', { fleet: `%/${query.fleetId}/%` });
    if (query.keyword) builder.andWhere('a.plate_code LIKE :keyword', { keyword: `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    return whereInScope(builder, user, 'a', { vehicleColumn: 'vehicle_id' });
  }

  private row(alarm: Alarm, now: number): ReportRow {
    const limit = Number(alarm.detail?.limitKmh ?? NaN);
    return {
      id: alarm.id,
      type: alarm.type,
      vehicleId: alarm.vehicleId,
      plateCode: alarm.plateCode,
      startedAt: alarm.startedAt,
      endedAt: alarm.endedAt,
      durationS: Math.round(((alarm.endedAt || now) - alarm.startedAt) / 1000),
      maxSpeedKmh: alarm.maxSpeedKmh,
      limitKmh: Number.isFinite(limit) && limit > 0 ? limit : null,
      latitude: alarm.latitude,
      longitude: alarm.longitude,
      handleStatus: alarm.handleStatus,
    };
  }
}
