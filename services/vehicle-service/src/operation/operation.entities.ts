import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** 0/1 columns read as booleans: the two engines' boolean types differ, an int reads the same on both. */
const flag = { from: (value: unknown) => Boolean(Number(value)), to: (value: unknown) => (value ? 1 : 0) };

/**
 * Columns every operation row has: the vehicle and where it sat when the row was last written
 * (company and fleet paths `/a/b/`, filtered by scope in SQL as the records are). Dates are China
 * dates "YYYY-MM-DD" kept as text, so they compare the same on MySQL and SQLite.
 */
export abstract class OperationColumns {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'created_by', type: 'varchar', length: 32, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** /index/directVehicle: how the company operates a vehicle (直营, 挂靠, 租赁) and the contract behind it. One per vehicle. */
@Entity('operating_relation')
export class OperatingRelationEntity extends OperationColumns {
  @Column({ name: 'relation_type', type: 'int' }) relationType!: number;
  @Column({ name: 'party_name', type: 'varchar', length: 64, default: '' }) partyName!: string;
  @Column({ name: 'party_phone', type: 'varchar', length: 20, default: '' }) partyPhone!: string;
  @Column({ name: 'party_id_no', type: 'varchar', length: 32, default: '' }) partyIdNo!: string;
  @Column({ name: 'contract_no', type: 'varchar', length: 64, default: '' }) contractNo!: string;
  @Column({ name: 'contract_start', type: 'varchar', length: 10, nullable: true }) contractStart!: string | null;
  @Column({ name: 'contract_end', type: 'varchar', length: 10, nullable: true }) contractEnd!: string | null;
  @Column({ type: 'double', default: 0 }) fee!: number;
}

/** /index/manageService: a vehicle's platform service term and fee. One per vehicle; a renewal extends it. */
@Entity('service_term')
export class ServiceTermEntity extends OperationColumns {
  @Column({ name: 'package_name', type: 'varchar', length: 64, default: '' }) packageName!: string;
  @Column({ name: 'start_date', type: 'varchar', length: 10 }) startDate!: string;
  @Column({ name: 'end_date', type: 'varchar', length: 10 }) endDate!: string;
  @Column({ type: 'double', default: 0 }) fee!: number;
  @Column({ type: 'int', default: 0, transformer: flag }) paid!: boolean;
  @Column({ name: 'renewal_count', type: 'int', default: 0 }) renewalCount!: number;
}

/** One renewal of a service term, kept as history (the term itself holds the latest end). */
@Entity('service_renewal')
export class ServiceRenewalEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'term_id', type: 'bigint', transformer: bigintNumber }) termId!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'package_name', type: 'varchar', length: 64, default: '' }) packageName!: string;
  @Column({ name: 'previous_end', type: 'varchar', length: 10 }) previousEnd!: string;
  @Column({ name: 'new_end', type: 'varchar', length: 10 }) newEnd!: string;
  @Column({ type: 'double', default: 0 }) fee!: number;
  @Column({ type: 'int', default: 0, transformer: flag }) paid!: boolean;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'created_by', type: 'varchar', length: 32, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
}

/** /index/specialBusiness: a case (报停, 复运, 过户, 注销, 转籍) applied for, then approved or rejected. */
@Entity('special_business')
export class SpecialBusinessEntity extends OperationColumns {
  @Column({ name: 'business_type', type: 'int' }) businessType!: number;
  @Column({ type: 'varchar', length: 32 }) applicant!: string;
  @Column({ name: 'applicant_phone', type: 'varchar', length: 20, default: '' }) applicantPhone!: string;
  @Column({ type: 'varchar', length: 255 }) reason!: string;
  @Column({ name: 'apply_date', type: 'varchar', length: 10 }) applyDate!: string;
  @Column({ name: 'effective_date', type: 'varchar', length: 10 }) effectiveDate!: string;
  @Column({ name: 'end_date', type: 'varchar', length: 10, nullable: true }) endDate!: string | null;
  @Column({ name: 'new_owner', type: 'varchar', length: 64, default: '' }) newOwner!: string;
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'reviewed_by', type: 'varchar', length: 32, default: '' }) reviewedBy!: string;
  @Column({ name: 'review_comment', type: 'varchar', length: 255, default: '' }) reviewComment!: string;
  @Column({ name: 'reviewed_at', type: 'bigint', default: 0, transformer: bigintNumber }) reviewedAt!: number;
}

/** A vehicle's use state as approved special business leaves it (absent: in operation). */
@Entity('vehicle_use_state')
export class VehicleUseStateEntity {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'use_state', type: 'int' }) useState!: number;
  /** The approved case that set it. */
  @Column({ name: 'business_id', type: 'bigint', transformer: bigintNumber }) businessId!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

export const OPERATION_ENTITIES = [OperatingRelationEntity, ServiceTermEntity, ServiceRenewalEntity, SpecialBusinessEntity, VehicleUseStateEntity];
