import type { CertificationSettings, CertificationStandard, CertificationStatus } from '@openfleet/contracts';
import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TestProgress } from './checks/check-state';

const nullableMs = { type: 'bigint', nullable: true, transformer: bigintNumber } as const;

/**
 * One access-certification test (检测): a vehicle's terminal checked live against its standard
 * from `startedAt` to `endsAt`. The checks and what they remember between frames (`progress`) are
 * written by the monitor after each batch; the sweep closes the test at its end and, when every
 * check passed, gives it its certificate number. Company and fleet are the vehicle's at opening.
 */
@Entity('certification_test')
export class CertificationTest {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ type: 'varchar', length: 17, default: '' }) vin!: string;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20, default: '' }) terminalPhone!: string;
  @Column({ type: 'varchar', length: 8 }) standard!: CertificationStandard;
  @Column({ name: 'duration_s', type: 'int' }) durationS!: number;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  @Column({ name: 'ends_at', type: 'bigint', transformer: bigintNumber }) endsAt!: number;
  @Column({ name: 'finished_at', ...nullableMs }) finishedAt!: number | null;
  @Column({ type: 'varchar', length: 8, default: 'running' }) status!: CertificationStatus;
  @Column({ type: 'text', transformer: jsonText }) progress!: TestProgress;
  @Column({ type: 'text', transformer: jsonText }) settings!: CertificationSettings;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'created_by', type: 'varchar', length: 64, default: '' }) createdBy!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'certificate_no', type: 'varchar', length: 32, nullable: true }) certificateNo!: string | null;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
