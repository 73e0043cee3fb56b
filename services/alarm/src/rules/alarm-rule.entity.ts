import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Platform alarm rules of a company ('' = the platform default), for one vehicle type or for all
 * (0). A vehicle follows its own company's rules for its type, else its company's for all types,
 * else the nearest ancestor's likewise, else the default. 0 turns a rule off.
 */
@Entity('alarm_rule')
export class AlarmRule {
  @PrimaryColumn({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @PrimaryColumn({ name: 'vehicle_type', type: 'int', default: 0 }) vehicleType!: number;
  @Column({ name: 'overspeed_kmh', type: 'int', default: 0 }) overspeedKmh!: number;
  @Column({ name: 'overspeed_s', type: 'int', default: 0 }) overspeedS!: number;
  @Column({ name: 'fatigue_drive_s', type: 'int', default: 0 }) fatigueDriveS!: number;
  @Column({ name: 'fatigue_rest_s', type: 'int', default: 0 }) fatigueRestS!: number;
  /** 'HH:mm' China time; equal start and end: no night rule. */
  @Column({ name: 'night_start', type: 'varchar', length: 5, default: '' }) nightStart!: string;
  @Column({ name: 'night_end', type: 'varchar', length: 5, default: '' }) nightEnd!: string;
  @Column({ name: 'offline_s', type: 'int', default: 0 }) offlineS!: number;
  @Column({ name: 'stopped_s', type: 'int', default: 0 }) stoppedS!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
