import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An upgrade package (otaUpdata): its bytes are in the file store under `storageKey`. */
@Entity('ota_package')
export class OtaPackage {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 64 }) version!: string;
  /** 0x8108 upgrade type: 0 terminal, 12 road transport IC card reader, 52 satellite positioning module. */
  @Column({ name: 'target_type', type: 'int' }) targetType!: number;
  /** Maker id sent in 0x8108 (5 bytes in 2013, 11 in 2019). */
  @Column({ name: 'maker_id', type: 'varchar', length: 11 }) makerId!: string;
  /** Terminal or vehicle models the package is for, comma-separated ('' for any). */
  @Column({ name: 'target_models', type: 'varchar', length: 255, default: '' }) targetModels!: string;
  @Column({ type: 'int' }) size!: number;
  /** SHA-256 of the bytes, hex: checked against the uploader's checksum when given. */
  @Column({ type: 'varchar', length: 64 }) sha256!: string;
  @Column({ name: 'storage_key', type: 'varchar', length: 128 }) storageKey!: string;
  @Column({ name: 'uploaded_by', type: 'varchar', length: 32 }) uploadedBy!: string;
  @Column({ name: 'uploaded_at', type: 'bigint', transformer: bigintNumber }) uploadedAt!: number;
}

/** Where one vehicle's upgrade is (otaUpdata progress, otaUpgradeLog). */
export const OtaStatus = { SENDING: 0, DELIVERED: 1, UPGRADED: 2, FAILED: 3, CANCELLED: 4 } as const;

/** One package sent to one vehicle: the order the instruction service made of it, and its outcome. */
@Entity('ota_task')
@Index('ix_ota_task_package', ['packageId'])
@Index('ux_ota_task_request', ['requestId'], { unique: true })
export class OtaTask {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'package_id', type: 'bigint', transformer: bigintNumber }) packageId!: number;
  @Column({ name: 'request_id', type: 'varchar', length: 64 }) requestId!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'int' }) status!: number;
  /** The instruction's error code when it failed (7205 offline ...), or the 0x0108 result. */
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'operator_id', type: 'varchar', length: 32 }) operatorId!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
