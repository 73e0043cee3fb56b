import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A vehicle manufacturer (the factory that builds the vehicles, unlike terminal manufacturers). */
@Entity('car_factory')
export class CarFactory {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 32, nullable: true }) code!: string | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) address!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) contact!: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) mobile!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}
