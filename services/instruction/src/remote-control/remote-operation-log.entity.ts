import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '@openfleet/storage';

/** Who did what to which vehicle remotely (remoteOperationLog): lock wizard steps and remote control. */
@Entity('remote_operation_log')
export class RemoteOperationLog {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  /** lock, unlock, engineStart, doorLock ... */
  @Column({ type: 'varchar', length: 32 }) operation!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) detail!: string;
  @Column({ name: 'order_id', type: 'bigint', nullable: true, transformer: bigintNumber }) orderId!: number | null;
  /** 1 sent, 0 refused before sending. */
  @Column({ type: 'int', default: 0 }) result!: number;
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'operator_id', type: 'varchar', length: 32, default: '' }) operatorId!: string;
  @Column({ name: 'operator_name', type: 'varchar', length: 64, default: '' }) operatorName!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
}
