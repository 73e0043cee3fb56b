import type { ReminderKind, ReminderRow, ReminderStatus, ReminderThreshold } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import type { ReminderEntity } from './reminder.entities';

/** A stored reminder as the console gets it (list row, live event). */
export function rowOf(entity: ReminderEntity): ReminderRow {
  return {
    id: entity.id,
    kind: entity.kind as ReminderKind,
    threshold: entity.threshold as ReminderThreshold,
    recordId: entity.recordId,
    vehicleId: entity.vehicleId,
    companyId: entity.companyId,
    plateCode: entity.plateCode,
    dueDate: entity.dueDate,
    daysLeft: entity.daysLeft,
    serviceIntervalKm: entity.serviceIntervalKm,
    mileageSinceServiceKm: entity.mileageSinceServiceKm,
    predictedDueDate: entity.predictedDueDate,
    status: entity.status as ReminderStatus,
    createdAt: entity.createdAt,
    readAt: entity.readAt,
    doneAt: entity.doneAt,
  };
}

const numberOr = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The reminders one sweep inserted (its `sweep_id`, on ix_reminder_sweep), in id order, as raw
 * columns: tens of thousands on a first sweep, where hydrating entities cost a tenth of the sweep.
 */
export async function createdBy(dataSource: DataSource, sweepId: string): Promise<ReminderRow[]> {
  const rows: Record<string, unknown>[] = await dataSource.query(
    `SELECT id, kind, threshold, record_id, vehicle_id, company_id, plate_code, due_date, days_left, service_interval_km,
            mileage_since_service_km, predicted_due_date, status, created_at, read_at, done_at
       FROM reminder WHERE sweep_id = ? ORDER BY id`,
    [sweepId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as ReminderKind,
    threshold: row.threshold as ReminderThreshold,
    recordId: Number(row.record_id),
    vehicleId: row.vehicle_id as string,
    companyId: row.company_id as string,
    plateCode: row.plate_code as string,
    dueDate: (row.due_date as string | null) ?? null,
    daysLeft: numberOr(row.days_left),
    serviceIntervalKm: numberOr(row.service_interval_km),
    mileageSinceServiceKm: numberOr(row.mileage_since_service_km),
    predictedDueDate: (row.predicted_due_date as string | null) ?? null,
    status: Number(row.status) as ReminderStatus,
    createdAt: Number(row.created_at),
    readAt: numberOr(row.read_at),
    doneAt: numberOr(row.done_at),
  }));
}
