import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A collision rescue case: one per collision or rollover alarm, with its status in the rescue workflow. */
@Entity('rescue_case')
export class RescueCase {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  /** The alarm that opened it (alarm.event.v1 alarmId): unique, so a redelivered event opens nothing twice. */
  @Column({ name: 'alarm_id', type: 'varchar', length: 128 }) alarmId!: string;
  @Column({ type: 'varchar', length: 32 }) type!: string;
  @Column({ type: 'int' }) level!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  @Column({ name: 'speed_kmh', type: 'double', default: 0 }) speedKmh!: number;
  /** RescueStatus: 0 pending ... 4 false alarm. */
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'opened_at', type: 'bigint', transformer: bigintNumber }) openedAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** One step of a case's timeline: who moved it to which status, when, and why. */
@Entity('rescue_step')
export class RescueStepRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'case_id', type: 'bigint', transformer: bigintNumber }) caseId!: number;
  @Column({ type: 'int' }) status!: number;
  @Column({ name: 'from_status', type: 'int' }) fromStatus!: number;
  @Column({ name: 'operator_id', type: 'varchar', length: 32 }) operatorId!: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) at!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
}
