import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A fuel tank type of one company: capacity and height bound its calibration table. */
@Entity('fuel_tank')
export class FuelTank {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  /** Maximum oil quantity, litres. */
  @Column({ type: 'int' }) capacity!: number;
  /** Inner height, mm. */
  @Column({ type: 'int' }) height!: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
}

/** One calibration point: sensor level -> oil quantity (L) at height (mm). */
@Entity('fuel_tank_calibration')
export class FuelTankCalibration {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'tank_id', type: 'bigint', transformer: numericId }) tankId!: number;
  @Column({ type: 'int' }) level!: number;
  @Column({ type: 'double' }) quantity!: number;
  @Column({ type: 'int' }) height!: number;
}
