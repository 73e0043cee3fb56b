import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One alarm from its start to its end (spec §3 Alarm), with its handling. */
@Entity('alarm')
export class Alarm {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  /** Terminal, type and start: the same alarm from a redelivered report is the same row. */
  @Column({ name: 'alarm_key', type: 'varchar', length: 128 }) alarmKey!: string;
  @Column({ type: 'varchar', length: 32 }) type!: string;
  /** The 0x0200 alarm bit (0-31) for terminal alarms, -1 otherwise. */
  @Column({ type: 'int', default: -1 }) bit!: number;
  @Column({ type: 'int' }) level!: number;
  /** 'terminal', 'platform', or the service that detected it (alarm.detected.v1: 'energy', 'fuel'). */
  @Column({ type: 'varchar', length: 10 }) source!: string;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  /** 0 while the alarm lasts. */
  @Column({ name: 'ended_at', type: 'bigint', default: 0, transformer: bigintNumber }) endedAt!: number;
  @Column({ name: 'last_at', type: 'bigint', transformer: bigintNumber }) lastAt!: number;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  @Column({ name: 'speed_kmh', type: 'double', default: 0 }) speedKmh!: number;
  @Column({ name: 'max_speed_kmh', type: 'double', default: 0 }) maxSpeedKmh!: number;
  @Column({ name: 'blind_area', type: 'int', default: 0 }) blindArea!: number;
  @Column({ type: 'text', nullable: true, transformer: jsonText }) detail!: Record<string, unknown> | null;
  /** Spec §4: 0 unprocessed, 1 done, 2 not processed, 3 future processing. */
  @Column({ name: 'handle_status', type: 'int', default: 0 }) handleStatus!: number;
  /** 17-22 preset results (22: custom, see remark); 0 none. */
  @Column({ name: 'handle_result', type: 'int', default: 0 }) handleResult!: number;
  @Column({ name: 'handle_remark', type: 'varchar', length: 255, default: '' }) handleRemark!: string;
  @Column({ name: 'handler_id', type: 'varchar', length: 32, default: '' }) handlerId!: string;
  @Column({ name: 'handled_at', type: 'bigint', default: 0, transformer: bigintNumber }) handledAt!: number;
}
