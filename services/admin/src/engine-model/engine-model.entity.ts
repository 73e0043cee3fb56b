import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

@Entity('engine_model')
export class EngineModel {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) model!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) manufacturer!: string | null;
  /** Displacement in litres, two decimals ("6.70"). */
  @Column({ type: 'varchar', length: 8, nullable: true }) displacement!: string | null;
  /** Rated power, kW. */
  @Column({ type: 'int', nullable: true }) power!: number | null;
  /** Maximum reference torque, N·m (required by the emission-stage 5 rule). */
  @Column({ type: 'int', nullable: true }) torque!: number | null;
  /** Emission stage 1-6. */
  @Column({ name: 'emission_standard', type: 'int', nullable: true }) emissionStandard!: number | null;
  @Column({ name: 'fuel_type', type: 'int', nullable: true }) fuelType!: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}
