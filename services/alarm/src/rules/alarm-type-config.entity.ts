import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How a company wants one alarm type (alarmConfigNew): its level (0 emergency … 3 tip), whether it
 * is pushed live, whether it sounds, and whether it needs handling (one that does not is stored as
 * "not processed" by the system). Rows exist only where a company changed the default.
 */
@Entity('alarm_type_config')
export class AlarmTypeConfig {
  @PrimaryColumn({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @PrimaryColumn({ type: 'varchar', length: 32 }) type!: string;
  @Column({ type: 'int' }) level!: number;
  @Column({ type: 'int', default: 1 }) push!: number;
  @Column({ type: 'int', default: 0 }) sound!: number;
  @Column({ name: 'needs_handling', type: 'int', default: 1 }) needsHandling!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
