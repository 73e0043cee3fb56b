import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkFilterScope, inScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import {
  chinaDayStart,
  type MileageRow,
  type MileageSummary,
  type OnlineRow,
  type OnlineSummary,
  type OnlineTrend,
  type OperationRow,
  type OperationSummary,
  type ReportPage,
  type ReportVehicleView,
  type VehicleRegistryEntry,
} from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { round } from '../track/track-math';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { MileageReportQueryDto, OperationReportQueryDto, ReportQuery } from './dto/report-query.dto';
import { reportDays, reportMonths, type ReportDays } from './report-period';

const DAY_S = 86_400;
const MAX_MONTHS = 6;
/** Vehicle ids per IN list: MariaDB and SQLite both take this many bound values comfortably. */
const CHUNK = 500;

/** A vehicle of a report: what its rows are labelled with. */
export type ReportVehicle = ReportVehicleView;

export interface DayRow {
  vehicle_id: string;
  day: string;
  mileage_m: number;
  driving_s: number;
  idle_s: number;
  stop_count: number;
  trip_count: number;
  max_speed_dkmh: number;
  overspeed_count: number;
  overspeed_s: number;
  fuel_used_dl: number;
  harsh_accel_count: number;
  harsh_brake_count: number;
  harsh_turn_count: number;
  fatigue_count: number;
  night_driving_s: number;
}

/**
 * The statistics reports of tracking, read from the day statistics (daily_mileage) and the online
 * spells (online_session): mileage by day or month, the online rate, vehicle operation. Vehicles
 * come from the registry within the user's scope, so a vehicle that never reported is still a row.
 */
@Injectable()
export class ReportService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly registry: VehicleRegistry,
  ) {}

  /** The days of a day-by-day report; error 300 beyond TRACKING_MILEAGE_WINDOW_DAYS. */
  dayWindow(query: Pick<ReportQuery, 'startTime' | 'endTime'>): ReportDays {
    return reportDays(query.startTime, query.endTime, this.config.TRACKING_MILEAGE_WINDOW_DAYS);
  }

  /** The periods of a mileage report (days, or months up to 6) and the days they span; error 300 beyond. */
  mileagePeriods(query: Pick<MileageReportQueryDto, 'startTime' | 'endTime' | 'period'>): { periods: string[]; window: ReportDays } {
    if (query.period !== 'month') {
      const window = this.dayWindow(query);
      return { periods: window.days, window };
    }
    const { months, days } = reportMonths(query.startTime, query.endTime, MAX_MONTHS);
    return { periods: months, window: days };
  }

  /** Vehicles matching the filters within the user's scope, by plate; 8002 for a filter naming what the user cannot see. */
  vehicles(user: AuthUser, query: ReportQuery): ReportVehicle[] {
    checkFilterScope(user, this.registry.all(), query);
    const ids = query.vehicleIds ? new Set(query.vehicleIds.split(',').map((id) => id.trim()).filter(Boolean)) : undefined;
    const plate = query.plateCode?.trim();
    const matches = (entry: VehicleRegistryEntry) =>
      inScope(user, entry) &&
      (!ids || ids.has(entry.vehicleId)) &&
      (!query.companyId || entry.companyPath.map(String).includes(query.companyId)) &&
      (!query.fleetId || entry.fleetPath.map(String).includes(query.fleetId)) &&
      (!plate || entry.plateCode.includes(plate));
    return [...this.registry.all()]
      .filter(matches)
      .map((entry) => ({ vehicleId: entry.vehicleId, plateCode: entry.plateCode, companyId: String(entry.companyId), fleetId: String(entry.fleetPath[entry.fleetPath.length - 1] ?? '') }))
      .sort((a, b) => a.plateCode.localeCompare(b.plateCode) || a.vehicleId.localeCompare(b.vehicleId));
  }

  /** Mileage per vehicle and period (day or month), with totals per period, company and fleet. */
  async mileage(user: AuthUser, query: MileageReportQueryDto): Promise<ReportPage<MileageRow, MileageSummary>> {
    const monthly = query.period === 'month';
    const { periods, window } = this.mileagePeriods(query);
    const vehicles = this.vehicles(user, query);
    const rows = await this.dayRows(vehicles, window);
    const periodOf = (day: string) => (monthly ? day.slice(0, 7) : day);
    const meters = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const byPeriod = meters.get(row.vehicle_id) ?? new Map<string, number>();
      meters.set(row.vehicle_id, byPeriod);
      byPeriod.set(periodOf(row.day), (byPeriod.get(periodOf(row.day)) ?? 0) + Number(row.mileage_m));
    }
    const all = vehicles.map((vehicle) => {
      const byPeriod = meters.get(vehicle.vehicleId);
      const values = periods.map((period) => round((byPeriod?.get(period) ?? 0) / 1000, 1));
      return { ...vehicle, mileages: values, mileageTotal: round(values.reduce((sum, value) => sum + value, 0), 1) };
    });
    const total = (list: typeof all) => round(list.reduce((sum, row) => sum + row.mileageTotal, 0), 1);
    return this.page(all, query, {
      periods,
      mileageTotal: total(all),
      periodTotals: periods.map((_, i) => round(all.reduce((sum, row) => sum + row.mileages[i], 0), 1)),
      companies: groupTotals(all, (row) => row.companyId, (list) => ({ mileageKm: total(list) })),
      fleets: groupTotals(all.filter((row) => row.fleetId), (row) => row.fleetId, (list) => ({ mileageKm: total(list) })),
    });
  }

  /**
   * Online rate: a vehicle is online on a day when one of its online spells overlaps the day; the
   * day's rate is online vehicles over all vehicles (never-online ones included), the window's
   * rate the mean of its days'. Online duration is the overlap in seconds.
   */
  async online(user: AuthUser, query: ReportQuery): Promise<ReportPage<OnlineRow, OnlineSummary>> {
    const window = this.dayWindow(query);
    const vehicles = this.vehicles(user, query);
    const seconds = await this.onlineSeconds(vehicles, window);
    const all = vehicles.map((vehicle) => {
      const byDay = window.days.map((_, i) => seconds.get(vehicle.vehicleId)?.[i] ?? 0);
      return { ...vehicle, onlineS: byDay, onlineDays: byDay.filter((s) => s > 0).length, onlineTotalS: byDay.reduce((sum, s) => sum + s, 0) };
    });
    const rateOf = (list: typeof all) => {
      if (!list.length) return 0;
      const daily = window.days.map((_, i) => list.filter((row) => row.onlineS[i] > 0).length / list.length);
      return round((daily.reduce((sum, rate) => sum + rate, 0) / daily.length) * 100, 2);
    };
    return this.page(all, query, {
      days: window.days,
      vehicles: all.length,
      onlineRate: rateOf(all),
      daily: window.days.map((day, i) => {
        const online = all.filter((row) => row.onlineS[i] > 0).length;
        return { day, online, total: all.length, rate: all.length ? round((online / all.length) * 100, 2) : 0 };
      }),
      neverOnline: all.filter((row) => row.onlineDays === 0).length,
      companies: groupTotals(all, (row) => row.companyId, (list) => ({ onlineRate: rateOf(list) })),
      fleets: groupTotals(all.filter((row) => row.fleetId), (row) => row.fleetId, (list) => ({ onlineRate: rateOf(list) })),
    });
  }

  /**
   * Vehicles online in each slot of one day (1, 5, 10 or 20 minutes): a vehicle counts in a slot
   * when one of its spells overlaps it. For the online chart of a day.
   */
  async onlineTrend(user: AuthUser, query: ReportQuery & { intervalMin: number }): Promise<OnlineTrend> {
    const window = reportDays(query.startTime, query.startTime, 1);
    const vehicles = this.vehicles(user, query);
    const slotMs = query.intervalMin * 60_000;
    const slots = (DAY_S * 1000) / slotMs;
    const startMs = window.startS * 1000;
    const online = Array.from({ length: slots }, () => new Set<string>());
    const nowMs = Date.now();
    for (let start = 0; start < vehicles.length; start += CHUNK) {
      const ids = vehicles.slice(start, start + CHUNK).map((vehicle) => vehicle.vehicleId);
      const spells: { vehicle_id: string; started_at: number | string; ended_at: number | string | null }[] = await this.dataSource.query(
        `SELECT vehicle_id, started_at, ended_at FROM online_session WHERE vehicle_id IN (${ids.map(() => '?').join(',')}) AND started_at < ? AND (ended_at IS NULL OR ended_at >= ?)`,
        [...ids, startMs + DAY_S * 1000, startMs],
      );
      for (const spell of spells) {
        const from = Math.max(0, Math.floor((Number(spell.started_at) - startMs) / slotMs));
        const end = spell.ended_at === null ? nowMs : Number(spell.ended_at);
        const to = Math.min(slots - 1, Math.floor((end - startMs) / slotMs));
        for (let slot = from; slot <= to; slot++) online[slot].add(spell.vehicle_id);
      }
    }
    return { day: window.days[0], intervalMin: query.intervalMin, vehicles: vehicles.length, slots: online.map((set, i) => ({ at: startMs + i * slotMs, online: set.size })) };
  }

  /** Vehicle operation: driving, idle and parked time, trips, stops, mileage, fuel, speeds and overspeed, per vehicle or per vehicle and day. */
  async operation(user: AuthUser, query: OperationReportQueryDto): Promise<ReportPage<OperationRow, OperationSummary>> {
    const window = this.dayWindow(query);
    const vehicles = this.vehicles(user, query);
    const rows = await this.dayRows(vehicles, window);
    const byVehicle = groupBy(rows, (row) => row.vehicle_id);
    const nowS = Math.floor(Date.now() / 1000);
    const figures = (vehicle: ReportVehicle, list: DayRow[], days: string[]) => {
      const sum = (key: keyof DayRow) => list.reduce((total, row) => total + Number(row[key]), 0);
      const drivingS = sum('driving_s');
      const idleS = sum('idle_s');
      // The elapsed seconds (today only up to now) of the days it reported, not spent driving or
      // idling; a day without a report is unknown, not parked.
      const reported = days.filter((day) => list.some((row) => row.day === day));
      const elapsedS = reported.reduce((total, day) => total + Math.max(0, Math.min(DAY_S, nowS - chinaDayStart(day) / 1000)), 0);
      const mileageKm = round(sum('mileage_m') / 1000, 1);
      return {
        ...vehicle,
        mileageKm,
        drivingS,
        idleS,
        parkedS: Math.max(0, elapsedS - drivingS - idleS),
        tripCount: sum('trip_count'),
        stopCount: sum('stop_count'),
        maxSpeedKmh: list.reduce((max, row) => Math.max(max, Number(row.max_speed_dkmh) / 10), 0),
        averageSpeedKmh: drivingS ? round(mileageKm / (drivingS / 3600), 1) : 0,
        fuelL: round(sum('fuel_used_dl') / 10, 1),
        overspeedCount: sum('overspeed_count'),
        overspeedS: sum('overspeed_s'),
      };
    };
    const all =
      query.groupBy === 'day'
        ? vehicles.flatMap((vehicle) => window.days.map((day) => ({ day, ...figures(vehicle, (byVehicle.get(vehicle.vehicleId) ?? []).filter((row) => row.day === day), [day]) })))
        : vehicles.map((vehicle) => ({ day: '', ...figures(vehicle, byVehicle.get(vehicle.vehicleId) ?? [], window.days) }));
    const total = (key: 'mileageKm' | 'drivingS' | 'idleS' | 'fuelL' | 'tripCount' | 'overspeedCount') => round(all.reduce((sum, row) => sum + row[key], 0), 1);
    return this.page(all, query, {
      days: window.days,
      mileageKm: total('mileageKm'),
      drivingS: total('drivingS'),
      idleS: total('idleS'),
      fuelL: total('fuelL'),
      tripCount: total('tripCount'),
      overspeedCount: total('overspeedCount'),
    });
  }

  /** The day statistics of these vehicles over the window. */
  async dayRows(vehicles: readonly ReportVehicle[], window: ReportDays): Promise<DayRow[]> {
    const rows: DayRow[] = [];
    const first = window.days[0];
    const last = window.days[window.days.length - 1];
    for (let start = 0; start < vehicles.length; start += CHUNK) {
      const ids = vehicles.slice(start, start + CHUNK).map((vehicle) => vehicle.vehicleId);
      rows.push(
        ...(await this.dataSource.query(
          `SELECT vehicle_id, day, mileage_m, driving_s, idle_s, stop_count, trip_count, max_speed_dkmh, overspeed_count, overspeed_s, fuel_used_dl,
             harsh_accel_count, harsh_brake_count, harsh_turn_count, fatigue_count, night_driving_s
           FROM daily_mileage WHERE vehicle_id IN (${ids.map(() => '?').join(',')}) AND day >= ? AND day <= ?`,
          [...ids, first, last],
        )),
      );
    }
    return rows;
  }

  /** Online seconds per vehicle and day of the window, from the spells overlapping it (an open spell runs until now). */
  private async onlineSeconds(vehicles: readonly ReportVehicle[], window: ReportDays): Promise<Map<string, number[]>> {
    const result = new Map<string, number[]>();
    const startMs = window.startS * 1000;
    const endMs = window.endS * 1000;
    const nowMs = Date.now();
    for (let start = 0; start < vehicles.length; start += CHUNK) {
      const ids = vehicles.slice(start, start + CHUNK).map((vehicle) => vehicle.vehicleId);
      const spells: { vehicle_id: string; started_at: number | string; ended_at: number | string | null }[] = await this.dataSource.query(
        `SELECT vehicle_id, started_at, ended_at FROM online_session WHERE vehicle_id IN (${ids.map(() => '?').join(',')}) AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)`,
        [...ids, endMs, startMs],
      );
      for (const spell of mergeSpells(spells, nowMs)) {
        const perDay = result.get(spell.vehicleId) ?? new Array<number>(window.days.length).fill(0);
        result.set(spell.vehicleId, perDay);
        const from = Math.max(startMs, spell.from);
        const to = Math.min(endMs, spell.to);
        for (let i = 0; i < window.days.length; i++) {
          const dayStart = startMs + i * DAY_S * 1000;
          const dayEnd = dayStart + DAY_S * 1000;
          const overlap = Math.min(to, dayEnd) - Math.max(from, dayStart);
          if (overlap > 0) perDay[i] += overlap / 1000;
          // A spell of one instant (a single report, then silence) still marks its day online.
          else if (from === to && from >= dayStart && from < dayEnd) perDay[i] += 0.001;
        }
      }
    }
    for (const perDay of result.values()) for (let i = 0; i < perDay.length; i++) perDay[i] = perDay[i] > 0 ? Math.max(1, Math.round(perDay[i])) : 0;
    return result;
  }

  page<Row, Summary>(all: Row[], query: ReportQuery, summary: Summary): ReportPage<Row, Summary> {
    const start = (query.current - 1) * query.size;
    return { records: all.slice(start, start + query.size), total: all.length, current: query.current, size: query.size, summary };
  }
}

/**
 * A vehicle's spells with the overlaps joined: a vehicle online over its 808 terminal and its
 * GB/T 32960 link at once is online once, not twice (an open spell runs until now).
 */
export function mergeSpells(spells: readonly { vehicle_id: string; started_at: number | string; ended_at: number | string | null }[], nowMs: number): { vehicleId: string; from: number; to: number }[] {
  const merged: { vehicleId: string; from: number; to: number }[] = [];
  for (const [vehicleId, list] of groupBy(spells, (spell) => spell.vehicle_id)) {
    const sorted = list.map((spell) => ({ from: Number(spell.started_at), to: spell.ended_at === null ? nowMs : Number(spell.ended_at) })).sort((a, b) => a.from - b.from);
    let current: { vehicleId: string; from: number; to: number } | undefined;
    for (const spell of sorted) {
      if (current && spell.from <= current.to) current.to = Math.max(current.to, spell.to);
      else merged.push((current = { vehicleId, ...spell }));
    }
  }
  return merged;
}

/** Items by a key, in the order met. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Figures of the rows grouped by a key (a company, a fleet). */
function groupTotals<Row, Figures extends object>(rows: readonly Row[], keyOf: (row: Row) => string, figures: (rows: Row[]) => Figures) {
  return [...groupBy(rows, keyOf)].map(([id, list]) => ({ id, vehicles: list.length, ...figures(list) }));
}
