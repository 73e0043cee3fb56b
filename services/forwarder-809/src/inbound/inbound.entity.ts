import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A duty check (查岗, 0x9301) and its answer (0x1301): 0 waiting, 1 replied, 2 not replied in time. */
@Entity('duty_check')
export class DutyCheck {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'info_id', type: 'bigint', transformer: bigintNumber }) infoId!: number;
  @Column({ name: 'object_type', type: 'int' }) objectType!: number;
  @Column({ name: 'object_id', type: 'varchar', length: 20 }) objectId!: string;
  @Column({ type: 'varchar', length: 1024 }) question!: string;
  /** 2019: the request's serial, named in the answer. */
  @Column({ name: 'source_serial', type: 'bigint', transformer: bigintNumber, default: 0 }) sourceSerial!: number;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  @Column({ name: 'deadline_at', type: 'bigint', transformer: bigintNumber }) deadlineAt!: number;
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ type: 'varchar', length: 1024, default: '' }) answer!: string;
  @Column({ name: 'answered_by', type: 'varchar', length: 64, default: '' }) answeredBy!: string;
  @Column({ name: 'answered_at', type: 'bigint', transformer: bigintNumber, default: 0 }) answeredAt!: number;
}

/** An alarm supervision (督办, 0x9401) and its answer (0x1401): status 0 waiting, 1 replied, 2 not replied in time. */
@Entity('alarm_supervision')
export class AlarmSupervision {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'supervision_id', type: 'bigint', transformer: bigintNumber }) supervisionId!: number;
  @Column({ name: 'vehicle_no', type: 'varchar', length: 32 }) vehicleNo!: string;
  @Column({ name: 'vehicle_color', type: 'int' }) vehicleColor!: number;
  @Column({ name: 'warn_src', type: 'int' }) warnSrc!: number;
  @Column({ name: 'warn_type', type: 'int' }) warnType!: number;
  @Column({ name: 'warn_time', type: 'bigint', transformer: bigintNumber }) warnTime!: number;
  @Column({ name: 'deadline_at', type: 'bigint', transformer: bigintNumber }) deadlineAt!: number;
  /** 0 urgent, 1 ordinary. */
  @Column({ type: 'int' }) level!: number;
  @Column({ type: 'varchar', length: 32 }) supervisor!: string;
  @Column({ name: 'supervisor_tel', type: 'varchar', length: 32 }) supervisorTel!: string;
  @Column({ name: 'supervisor_email', type: 'varchar', length: 64 }) supervisorEmail!: string;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  @Column({ type: 'int', default: 0 }) status!: number;
  /** 0x1401 result: 0 handling, 1 done, 2 not handled, 3 later. */
  @Column({ type: 'int', default: 0 }) result!: number;
  @Column({ name: 'answered_by', type: 'varchar', length: 64, default: '' }) answeredBy!: string;
  @Column({ name: 'answered_at', type: 'bigint', transformer: bigintNumber, default: 0 }) answeredAt!: number;
}
