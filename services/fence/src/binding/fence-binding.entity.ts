import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '@openfleet/storage';

/** A fence bound to a vehicle, or to a fleet (every vehicle in it, including later ones). */
@Entity('fence_binding')
export class FenceBinding {
  @PrimaryColumn({ name: 'fence_id', type: 'bigint', transformer: bigintNumber }) fenceId!: number;
  /** 'vehicle' or 'fleet'. */
  @PrimaryColumn({ name: 'target_type', type: 'varchar', length: 8 }) targetType!: string;
  @PrimaryColumn({ name: 'target_id', type: 'varchar', length: 32 }) targetId!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
}

/** Where a fence stands on one vehicle's terminal. */
export const IssueState = { ISSUING: 'issuing', ISSUED: 'issued', FAILED: 'failed', DELETING: 'deleting', DELETED: 'deleted' } as const;

@Entity('fence_issue')
export class FenceIssue {
  @PrimaryColumn({ name: 'fence_id', type: 'bigint', transformer: bigintNumber }) fenceId!: number;
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ type: 'varchar', length: 10 }) state!: string;
  /** The fence version sent: older than the fence's means stale. */
  @Column({ name: 'issued_version', type: 'int', default: 0 }) issuedVersion!: number;
  /** instruction.request.v1 request id of the last command (the order's batch id). */
  @Column({ name: 'request_id', type: 'varchar', length: 64, default: '' }) requestId!: string;
  @Column({ name: 'order_status', type: 'int', default: 0 }) orderStatus!: number;
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
