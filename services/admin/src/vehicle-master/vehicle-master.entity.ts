import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A vehicle owner of one company; vehicles point at it with `master_id`. */
@Entity('vehicle_master')
export class VehicleMaster {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ type: 'varchar', length: 11 }) phone!: string;
  @Column({ name: 'id_card', type: 'varchar', length: 18, nullable: true }) idCard!: string | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) address!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
}
