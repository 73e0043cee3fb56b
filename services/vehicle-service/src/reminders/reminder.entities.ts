import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const nullableNumber = { from: (value: unknown) => (value === null || value === undefined ? null : Number(value)), to: (value: unknown) => value };

/**
 * One reminder: a record crossed a threshold. (kind, record, threshold) is unique, so a sweep run
 * again (another instance, after a restart) inserts nothing; `sweep_id` tells a sweep which rows it
 * inserted itself, the ones it pushes. Company and fleet paths are the vehicle's at the sweep, for
 * scope filters in SQL as record rows do.
 */
@Entity('reminder')
@Index('ux_reminder_once', ['kind', 'recordId', 'threshold'], { unique: true })
export class ReminderEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ name: 'record_id', type: 'bigint', transformer: bigintNumber }) recordId!: number;
  @Column({ type: 'varchar', length: 16 }) threshold!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'due_date', type: 'varchar', length: 10, nullable: true }) dueDate!: string | null;
  @Column({ name: 'days_left', type: 'int', nullable: true }) daysLeft!: number | null;
  @Column({ name: 'service_interval_km', type: 'double', nullable: true, transformer: nullableNumber }) serviceIntervalKm!: number | null;
  @Column({ name: 'mileage_since_service_km', type: 'double', nullable: true, transformer: nullableNumber }) mileageSinceServiceKm!: number | null;
  @Column({ name: 'predicted_due_date', type: 'varchar', length: 10, nullable: true }) predictedDueDate!: string | null;
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'read_at', type: 'bigint', nullable: true, transformer: nullableNumber }) readAt!: number | null;
  @Column({ name: 'done_at', type: 'bigint', nullable: true, transformer: nullableNumber }) doneAt!: number | null;
  @Column({ name: 'handled_by', type: 'varchar', length: 32, default: '' }) handledBy!: string;
  @Column({ name: 'sweep_id', type: 'varchar', length: 36, default: '' }) sweepId!: string;
}

/** A company's reminder settings; a company without a row has the defaults. */
@Entity('reminder_settings')
export class ReminderSettingsEntity {
  @PrimaryColumn({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ type: 'int', default: 1 }) insurance!: number;
  @Column({ type: 'int', default: 1 }) inspection!: number;
  @Column({ type: 'int', default: 1 }) maintenance!: number;
  /** "30,7,1" */
  @Column({ name: 'days_before', type: 'varchar', length: 32 }) daysBefore!: string;
  @Column({ type: 'int', default: 1 }) overdue!: number;
  @Column({ name: 'maintenance_margin_km', type: 'int', default: 500 }) maintenanceMarginKm!: number;
  /** Comma-separated role ids; empty: every role. */
  @Column({ name: 'role_ids', type: 'varchar', length: 1000, default: '' }) roleIds!: string;
  @Column({ name: 'updated_by', type: 'varchar', length: 32, default: '' }) updatedBy!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** Km a vehicle drove on one China day, from the positions tracking publishes (odometer, else the path). */
@Entity('reminder_vehicle_mileage')
export class VehicleDayMileageEntity {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ type: 'varchar', length: 10 }) day!: string;
  @Column({ type: 'double', default: 0 }) km!: number;
}

export const REMINDER_ENTITIES = [ReminderEntity, ReminderSettingsEntity, VehicleDayMileageEntity];
