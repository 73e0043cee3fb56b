import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

@Entity('vehicle_brand')
export class VehicleBrand {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}

/** A model of one brand, optionally with its engine model and car factory. */
@Entity('vehicle_model')
export class VehicleModel {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'brand_id', type: 'bigint', transformer: numericId }) brandId!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ name: 'engine_model_id', type: 'bigint', nullable: true, transformer: numericId }) engineModelId!: number | null;
  @Column({ name: 'car_factory_id', type: 'bigint', nullable: true, transformer: numericId }) carFactoryId!: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}
