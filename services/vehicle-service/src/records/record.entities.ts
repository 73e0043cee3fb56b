import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Money and distances come back as strings from mysql2 for DECIMAL; doubles stay numbers, null stays null. */
const nullableNumber = { from: (value: unknown) => (value === null || value === undefined ? null : Number(value)), to: (value: unknown) => value };

/**
 * Columns every record has: the vehicle it belongs to and where that vehicle sat when the record
 * was written (company and fleet paths `/a/b/`, so lists filter by scope in SQL as alarm rows do).
 * Dates are China dates "YYYY-MM-DD" and times China times "YYYY-MM-DD HH:mm:ss", kept as text so
 * they sort and compare the same on MySQL and SQLite.
 */
export abstract class VehicleRecordColumns {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'attachment_count', type: 'int', default: 0 }) attachmentCount!: number;
  @Column({ name: 'created_by', type: 'varchar', length: 32, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** An insurance policy (spec §3): the latest of each vehicle and type falls due at its end date. */
@Entity('insurance_record')
export class InsuranceEntity extends VehicleRecordColumns {
  @Column({ name: 'policy_no', type: 'varchar', length: 64 }) policyNo!: string;
  @Column({ name: 'insurance_type', type: 'int' }) insuranceType!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) insurer!: string;
  @Column({ type: 'double', default: 0 }) premium!: number;
  @Column({ name: 'insured_amount', type: 'double', default: 0 }) insuredAmount!: number;
  @Column({ name: 'start_date', type: 'varchar', length: 10 }) startDate!: string;
  @Column({ name: 'end_date', type: 'varchar', length: 10 }) endDate!: string;
}

/** A service (spec §3): the next one falls due by date or by odometer, whichever first. */
@Entity('maintenance_record')
export class MaintenanceEntity extends VehicleRecordColumns {
  @Column({ name: 'service_date', type: 'varchar', length: 10 }) serviceDate!: string;
  @Column({ name: 'odometer_km', type: 'double', default: 0 }) odometerKm!: number;
  @Column({ type: 'double', default: 0 }) fee!: number;
  @Column({ name: 'serviced_by', type: 'varchar', length: 64, default: '' }) servicedBy!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) items!: string;
  @Column({ name: 'next_service_km', type: 'double', nullable: true, transformer: nullableNumber }) nextServiceKm!: number | null;
  @Column({ name: 'next_service_date', type: 'varchar', length: 10, nullable: true }) nextServiceDate!: string | null;
}

/** An annual inspection (spec §3): valid until a date, when the next falls due. */
@Entity('inspection_record')
export class InspectionEntity extends VehicleRecordColumns {
  @Column({ type: 'varchar', length: 64, default: '' }) agent!: string;
  @Column({ name: 'registration_date', type: 'varchar', length: 10, default: '' }) registrationDate!: string;
  @Column({ name: 'inspection_date', type: 'varchar', length: 10 }) inspectionDate!: string;
  @Column({ name: 'valid_until', type: 'varchar', length: 10 }) validUntil!: string;
  @Column({ type: 'double', default: 0 }) fee!: number;
}

/** A traffic violation (spec §3) against a driver: handled or not. */
@Entity('violation_record')
export class ViolationEntity extends VehicleRecordColumns {
  @Column({ name: 'driver_id', type: 'varchar', length: 32, default: '' }) driverId!: string;
  @Column({ name: 'driver_name', type: 'varchar', length: 32, default: '' }) driverName!: string;
  @Column({ name: 'occurred_at', type: 'varchar', length: 19 }) occurredAt!: string;
  @Column({ type: 'varchar', length: 128, default: '' }) place!: string;
  @Column({ name: 'violation_code', type: 'varchar', length: 16, default: '' }) violationCode!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) act!: string;
  @Column({ name: 'fine_amount', type: 'double', default: 0 }) fineAmount!: number;
  @Column({ type: 'int', default: 0 }) points!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) agent!: string;
  // An int rather than a boolean: the two engines' boolean types differ, 0/1 reads the same on both.
  @Column({ type: 'int', default: 0, transformer: { from: (value: unknown) => Boolean(Number(value)), to: (value: unknown) => (value ? 1 : 0) } }) handled!: boolean;
}

/** An accident (spec §3) against a driver: nature, liability, loss, and where its handling stands. */
@Entity('accident_record')
export class AccidentEntity extends VehicleRecordColumns {
  @Column({ name: 'driver_id', type: 'varchar', length: 32, default: '' }) driverId!: string;
  @Column({ name: 'driver_name', type: 'varchar', length: 32, default: '' }) driverName!: string;
  @Column({ name: 'occurred_at', type: 'varchar', length: 19 }) occurredAt!: string;
  @Column({ type: 'varchar', length: 128, default: '' }) place!: string;
  @Column({ type: 'int' }) nature!: number;
  @Column({ type: 'int' }) liability!: number;
  @Column({ type: 'double', default: 0 }) loss!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) handler!: string;
  @Column({ type: 'int', default: 1 }) status!: number;
  @Column({ type: 'varchar', length: 500, default: '' }) description!: string;
}

/** A photo or PDF of a record (a policy, a fine, an accident report), its bytes in the record file store. */
@Entity('record_attachment')
export class RecordAttachmentEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ name: 'record_id', type: 'bigint', transformer: bigintNumber }) recordId!: number;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName!: string;
  @Column({ name: 'content_type', type: 'varchar', length: 32 }) contentType!: string;
  @Column({ type: 'int' }) size!: number;
  /** Key in the file store: `<kind>/<recordId>/<random>.<ext>`, never the uploaded name. */
  @Column({ name: 'stored_key', type: 'varchar', length: 128 }) storedKey!: string;
  @Column({ name: 'created_by', type: 'varchar', length: 32, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
}

export const RECORD_ENTITIES = [InsuranceEntity, MaintenanceEntity, InspectionEntity, ViolationEntity, AccidentEntity, RecordAttachmentEntity];
