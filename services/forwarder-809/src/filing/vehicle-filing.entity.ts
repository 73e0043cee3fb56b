import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A vehicle's filing (备案) at a superior platform: its 0x1201 registration sent (spec §4 filed / not filed). */
@Entity('vehicle_filing')
export class VehicleFiling {
  @PrimaryColumn({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ type: 'int', default: 0 }) filed!: number;
  @Column({ name: 'filed_at', type: 'bigint', transformer: bigintNumber, default: 0 }) filedAt!: number;
  @Column({ name: 'filed_by', type: 'varchar', length: 64, default: '' }) filedBy!: string;
}
