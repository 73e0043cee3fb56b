import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { chinaDateOfDay } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import type { DueItem } from '../records/record-due-source';
import { averageDailyKm, dayOf } from './reminder-rules';

/** The pace of one vehicle as the sweep needs it. */
export interface VehicleMileage {
  /** Km driven on the days after the last service day. */
  sinceServiceKm: number;
  /** Km per day over the last 30 days (from the first day seen in them), or null when none. */
  averageDailyKm: number | null;
}

/** Days the average pace looks back over. */
const PACE_DAYS = 30;
/** Vehicles per statement: the cut-off table is bound parameters (2 each). */
const CHUNK = 400;

/**
 * Reads reminder_vehicle_mileage for the maintenance items: each vehicle's km since its own last
 * service day and its recent pace, aggregated in SQL. The per-vehicle cut-offs travel as a derived
 * table of `SELECT ?, ? UNION ALL ...` (the same SQL on MySQL and SQLite), joined on the table's
 * (vehicle_id, day) key, so only the days that count are read.
 */
@Injectable()
export class ServiceMileage {
  constructor(@InjectDataSource('vehicle_service') private readonly dataSource: DataSource) {}

  async of(items: readonly Pick<DueItem, 'vehicleId' | 'lastServiceDate'>[], today: number): Promise<Map<string, VehicleMileage>> {
    const paceFrom = chinaDateOfDay(today - PACE_DAYS);
    // Today is not over: its km count since the service, not in the pace.
    const todayDate = chinaDateOfDay(today);
    const cutoffs = new Map<string, string>();
    for (const item of items) if (item.lastServiceDate && !Number.isNaN(dayOf(item.lastServiceDate))) cutoffs.set(item.vehicleId, item.lastServiceDate);
    const answer = new Map<string, VehicleMileage>();
    const entries = [...cutoffs];
    for (let start = 0; start < entries.length; start += CHUNK) {
      const chunk = entries.slice(start, start + CHUNK);
      const derived = chunk.map((_, i) => (i === 0 ? 'SELECT ? AS vehicle_id, ? AS since' : 'SELECT ?, ?')).join(' UNION ALL ');
      const rows: { vehicle_id: string; since_km: unknown; pace_km: unknown; first_day: string | null }[] = await this.dataSource.query(
        `SELECT m.vehicle_id AS vehicle_id,
                SUM(CASE WHEN m.day > c.since THEN m.km ELSE 0 END) AS since_km,
                SUM(CASE WHEN m.day >= ? AND m.day < ? THEN m.km ELSE 0 END) AS pace_km,
                MIN(CASE WHEN m.day >= ? AND m.day < ? THEN m.day END) AS first_day
           FROM reminder_vehicle_mileage m JOIN (${derived}) c ON c.vehicle_id = m.vehicle_id
          WHERE m.day > c.since OR m.day >= ?
          GROUP BY m.vehicle_id`,
        [paceFrom, todayDate, paceFrom, todayDate, ...chunk.flat(), paceFrom],
      );
      for (const row of rows) {
        answer.set(row.vehicle_id, {
          sinceServiceKm: Number(row.since_km ?? 0),
          averageDailyKm: averageDailyKm(Number(row.pace_km ?? 0), row.first_day ? dayOf(row.first_day) : null, today),
        });
      }
    }
    return answer;
  }
}
