import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { chinaDayStart, type BehaviourRow, type BehaviourSummary, type DriverRatingRow, type DriverRatingSummary, type OverspeedDrivers, type ReportPage } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { round } from '../track/track-math';
import type { ReportQuery } from './dto/report-query.dto';
import { drivingScore, scoreGrade, type BehaviourFigures } from './driving-score';
import { groupBy, ReportService, type DayRow, type ReportVehicle } from './report.service';

const CHUNK = 500;
const DAY_MS = 86_400_000;

interface CardEvent {
  vehicle_id: string;
  at: number | string;
  event: number;
  name: string | null;
  licence: string | null;
}

function figuresOf(rows: readonly DayRow[]): BehaviourFigures & { drivingS: number; overspeedS: number } {
  const sum = (key: keyof DayRow) => rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    mileageKm: round(sum('mileage_m') / 1000, 1),
    drivingS: sum('driving_s'),
    harshAccelCount: sum('harsh_accel_count'),
    harshBrakeCount: sum('harsh_brake_count'),
    harshTurnCount: sum('harsh_turn_count'),
    overspeedCount: sum('overspeed_count'),
    overspeedS: sum('overspeed_s'),
    fatigueCount: sum('fatigue_count'),
    nightDrivingS: sum('night_driving_s'),
  };
}

const scored = <T extends BehaviourFigures>(figures: T) => {
  const score = drivingScore(figures);
  return { ...figures, score, grade: scoreGrade(score) };
};

/**
 * Driving behaviour per vehicle and driver rating per driver, from the day statistics: harsh
 * acceleration, braking and turning, overspeed, fatigue and night driving, and the score of
 * driving-score.ts. A vehicle-day counts for the driver whose IC card was last inserted in that
 * vehicle before the day ended, unless it was removed again before the day began.
 */
@Injectable()
export class BehaviourReportService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    private readonly reports: ReportService,
  ) {}

  /** Per vehicle, worst score first. */
  async behaviour(user: AuthUser, query: ReportQuery): Promise<ReportPage<BehaviourRow, BehaviourSummary>> {
    const window = this.reports.dayWindow(query);
    const vehicles = this.reports.vehicles(user, query);
    const byVehicle = groupBy(await this.reports.dayRows(vehicles, window), (row) => row.vehicle_id);
    const all = vehicles.map((vehicle) => ({ ...vehicle, ...scored(figuresOf(byVehicle.get(vehicle.vehicleId) ?? [])) })).sort((a, b) => a.score - b.score || a.plateCode.localeCompare(b.plateCode));
    return this.reports.page(all, query, { days: window.days, ...scored(figuresOf([...byVehicle.values()].flat())) });
  }

  /** Per driver (by certificate, else name), worst score first; vehicle-days with no card are counted apart. */
  async rating(user: AuthUser, query: ReportQuery): Promise<ReportPage<DriverRatingRow, DriverRatingSummary>> {
    const { window, drivers, unidentifiedDays } = await this.byDriver(user, query);
    const all = drivers
      .map((entry) => ({ name: entry.name, licence: entry.licence, plates: [...entry.vehicles].sort(), days: entry.rows.length, ...scored(figuresOf(entry.rows)) }))
      .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
    return this.reports.page(all, query, { days: window.days, drivers: all.length, unidentifiedDays });
  }

  /** The overspeed top 10 by driver: by count of overspeed alarms and by their total time (the overSpeed screen's rankings). */
  async overspeedDrivers(user: AuthUser, query: ReportQuery): Promise<OverspeedDrivers> {
    const { drivers } = await this.byDriver(user, query);
    const totals = drivers.map((entry) => {
      const figures = figuresOf(entry.rows);
      return { name: entry.name, licence: entry.licence, count: figures.overspeedCount, durationS: figures.overspeedS };
    });
    const top = (key: 'count' | 'durationS') => totals.filter((row) => row[key] > 0).sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name)).slice(0, 10);
    return { byCount: top('count'), byDuration: top('durationS') };
  }

  /** The day statistics of the window grouped by the driver of each vehicle-day. */
  private async byDriver(user: AuthUser, query: ReportQuery) {
    const window = this.reports.dayWindow(query);
    const vehicles = this.reports.vehicles(user, query);
    const rows = await this.reports.dayRows(vehicles, window);
    const cards = groupBy(await this.cardEvents(vehicles, window.endS * 1000), (event) => event.vehicle_id);
    const plates = new Map(vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.plateCode]));
    const drivers = new Map<string, { name: string; licence: string; rows: DayRow[]; vehicles: Set<string> }>();
    let unidentifiedDays = 0;
    for (const row of rows) {
      const driver = driverOfDay(cards.get(row.vehicle_id) ?? [], row.day);
      if (!driver) {
        if (Number(row.driving_s) > 0) unidentifiedDays++;
        continue;
      }
      const key = driver.licence || driver.name;
      const entry = drivers.get(key) ?? { name: driver.name, licence: driver.licence, rows: [], vehicles: new Set<string>() };
      drivers.set(key, entry);
      entry.rows.push(row);
      entry.vehicles.add(plates.get(row.vehicle_id) ?? row.vehicle_id);
      if (driver.name) entry.name = driver.name;
    }
    return { window, drivers: [...drivers.values()], unidentifiedDays };
  }

  private async cardEvents(vehicles: readonly ReportVehicle[], beforeMs: number): Promise<CardEvent[]> {
    const events: CardEvent[] = [];
    for (let start = 0; start < vehicles.length; start += CHUNK) {
      const ids = vehicles.slice(start, start + CHUNK).map((vehicle) => vehicle.vehicleId);
      events.push(
        ...(await this.dataSource.query(
          `SELECT vehicle_id, at, event, name, licence FROM driver_record WHERE source = 'card' AND event IN (1, 2) AND vehicle_id IN (${ids.map(() => '?').join(',')}) AND at < ? ORDER BY at`,
          [...ids, beforeMs],
        )),
      );
    }
    return events;
  }
}

/** The driver of a vehicle-day: the last insertion before the day ended, unless removed before it began. */
function driverOfDay(events: readonly CardEvent[], day: string): { name: string; licence: string } | null {
  const dayStart = chinaDayStart(day);
  let inserted: CardEvent | null = null;
  let removedAt = -1;
  for (const event of events) {
    if (Number(event.at) >= dayStart + DAY_MS) break;
    if (Number(event.event) === 1) {
      inserted = event;
      removedAt = -1;
    } else removedAt = Number(event.at);
  }
  if (!inserted || (removedAt >= 0 && removedAt < dayStart)) return null;
  return { name: inserted.name ?? '', licence: inserted.licence ?? '' };
}
