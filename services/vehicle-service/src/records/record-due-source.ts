import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DataSource } from 'typeorm';

/** What can fall due for a vehicle, as the reminders' daily sweep reads it. */
export interface DueItem {
  kind: 'insurance' | 'inspection' | 'maintenance';
  recordId: number;
  vehicleId: string;
  companyId: string;
  plateCode: string;
  /** YYYY-MM-DD China date: insurance end, inspection valid until, maintenance next service date. */
  dueDate: string | null;
  /** Maintenance only: the odometer (km) at which the next service falls due. */
  dueOdometerKm: number | null;
  /** Maintenance only: the odometer (km) at the last service. */
  lastServiceOdometerKm: number | null;
  /** Maintenance only: the last service's date. */
  lastServiceDate: string | null;
}

interface RawRow {
  id: number | string;
  vehicleId: string;
  companyId: string;
  plateCode: string;
  [column: string]: unknown;
}

/** Dates (YYYY-MM-DD) compare as text, odometers as numbers, as the SQL ORDER BY compared them; ties go by id. */
export function isAfter(row: RawRow, kept: RawRow, order: readonly string[]): boolean {
  for (const column of order) {
    const a = row[column] as string | number;
    const b = kept[column] as string | number;
    if (a === b) continue;
    return typeof a === 'number' || typeof b === 'number' ? Number(a) > Number(b) : a > b;
  }
  return Number(row.id) > Number(kept.id);
}

const orNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The records that can fall due, one per thing that expires: the latest insurance of each vehicle
 * and type (by end date), the latest inspection of each vehicle (by inspection date), the latest
 * service of each vehicle (by service date, then odometer). A newer record replaces the older one,
 * so renewing a policy ends the old policy's reminders. Raw columns, reduced in one pass: the sweep
 * reads 100,000 records without hydrating entities.
 */
@Injectable()
export class RecordDueSource {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {}

  async dueItems(): Promise<DueItem[]> {
    const [insurances, inspections, services] = await Promise.all([
      this.latest('insurance_record', ['insurance_type', 'end_date'], ['insurance_type'], ['end_date']),
      this.latest('inspection_record', ['valid_until', 'inspection_date'], [], ['inspection_date', 'valid_until']),
      this.latest('maintenance_record', ['service_date', 'odometer_km', 'next_service_km', 'next_service_date'], [], ['service_date', 'odometer_km']),
    ]);
    return [
      ...insurances.map((row) => this.item('insurance', row, { dueDate: String(row.end_date) })),
      ...inspections.map((row) => this.item('inspection', row, { dueDate: String(row.valid_until) })),
      ...services.map((row) =>
        this.item('maintenance', row, {
          dueDate: (row.next_service_date as string | null) || null,
          dueOdometerKm: orNull(row.next_service_km),
          lastServiceOdometerKm: orNull(row.odometer_km),
          lastServiceDate: String(row.service_date),
        }),
      ),
    ];
  }

  /** The last row of each (vehicle, ...group) in (…order, id) order. */
  private async latest(table: string, columns: string[], group: string[], order: string[]): Promise<RawRow[]> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select(['r.id AS id', 'r.vehicle_id AS vehicleId', 'r.company_id AS companyId', 'r.plate_code AS plateCode', ...columns.map((column) => `r.${column} AS ${column}`)])
      .from(table, 'r')
      .getRawMany<RawRow>();
    // One pass keeping the greatest row per key: the server's ORDER BY over every record was a
    // filesort of the whole table that cost more than the comparison here.
    const latest = new Map<string, RawRow>();
    for (const row of rows) {
      const key = group.length ? [row.vehicleId, ...group.map((column) => String(row[column]))].join('\u0000') : row.vehicleId;
      const kept = latest.get(key);
      if (!kept || isAfter(row, kept, order)) latest.set(key, row);
    }
    return [...latest.values()];
  }

  /** Company and plate as the registry knows the vehicle now (it may have moved), else as written. */
  private item(kind: DueItem['kind'], row: RawRow, due: Partial<DueItem>): DueItem {
    const vehicle = this.registry.byVehicleId(row.vehicleId);
    return {
      kind,
      recordId: Number(row.id),
      vehicleId: row.vehicleId,
      companyId: vehicle?.companyId ?? row.companyId,
      plateCode: vehicle?.plateCode ?? row.plateCode,
      dueDate: null,
      dueOdometerKm: null,
      lastServiceOdometerKm: null,
      lastServiceDate: null,
      ...due,
    };
  }
}
