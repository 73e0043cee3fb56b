import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '@openfleet/storage';

/**
 * A vehicle's limit (lock) capability: whether it can be limited at all, the phone that receives
 * the wizard's SMS code and the limit password (argon2 hash). Spec §5/§6.
 */
@Entity('vehicle_limit')
export class VehicleLimit {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ type: 'int', default: 0 }) capable!: number;
  @Column({ name: 'auth_phone', type: 'varchar', length: 20, default: '' }) authPhone!: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, default: '' }) passwordHash!: string;
  /** 1 after a confirmed lock, 0 after a confirmed unlock. */
  @Column({ type: 'int', default: 0 }) locked!: number;
  @Column({ name: 'updated_by', type: 'varchar', length: 32, default: '' }) updatedBy!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
