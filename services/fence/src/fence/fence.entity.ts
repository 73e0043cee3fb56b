import type { FenceGeometry, MuckRules } from '@openfleet/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';

/** A geofence (spec §3): its id is also the area id terminals store it under (0x8600-0x8607). */
@Entity('fence')
export class Fence {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'int' }) type!: number;
  /** WGS-84. */
  @Column({ type: 'text', transformer: jsonText }) geometry!: FenceGeometry;
  @Column({ type: 'int' }) attributes!: number;
  @Column({ name: 'start_time', type: 'varchar', length: 19, default: '' }) startTime!: string;
  @Column({ name: 'end_time', type: 'varchar', length: 19, default: '' }) endTime!: string;
  @Column({ name: 'max_speed_kmh', type: 'int', default: 0 }) maxSpeedKmh!: number;
  @Column({ name: 'overspeed_duration_s', type: 'int', default: 0 }) overspeedDurationS!: number;
  @Column({ name: 'night_max_speed_kmh', type: 'int', default: 0 }) nightMaxSpeedKmh!: number;
  @Column({ name: 'max_stay_s', type: 'int', default: 0 }) maxStayS!: number;
  /** Platform rule: engine speed limit, rpm (0: none), and how long over it raises an over-rpm event. */
  @Column({ name: 'rpm_limit', type: 'int', default: 0 }) rpmLimit!: number;
  @Column({ name: 'over_rpm_duration_s', type: 'int', default: 0 }) overRpmDurationS!: number;
  @Column({ type: 'text', nullable: true, transformer: jsonText }) muck!: MuckRules | null;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  /** Bumped on every change: an issue of an older version is stale. */
  @Column({ type: 'int', default: 1 }) version!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
