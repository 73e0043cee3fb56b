import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A device or vehicle fault from its start to its end, kept from the alarm of its kind. */
@Entity('fault_record')
export class FaultRecord {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  /** The alarm it comes from (alarm.event.v1 alarmId): unique, so redelivery records it once. */
  @Column({ name: 'alarm_id', type: 'varchar', length: 128 }) alarmId!: string;
  @Column({ type: 'varchar', length: 32 }) kind!: string;
  @Column({ type: 'varchar', length: 10 }) source!: string;
  @Column({ type: 'int', default: -1 }) bit!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  /** 0 while it lasts. */
  @Column({ name: 'ended_at', type: 'bigint', default: 0, transformer: bigintNumber }) endedAt!: number;
}
