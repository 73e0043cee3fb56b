import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A terminal manufacturer (the 808 registration's manufacturer id is its `number`). */
@Entity('manufacturer')
export class Manufacturer {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 5 }) number!: string;
  @Column({ type: 'varchar', length: 15 }) code!: string;
  @Column({ type: 'varchar', length: 32, nullable: true }) province!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) city!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) contact!: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) mobile!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}

/** A terminal model of one manufacturer. */
@Entity('device_model')
export class DeviceModel {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'manufacturer_id', type: 'bigint', transformer: numericId }) manufacturerId!: number;
  @Column({ type: 'varchar', length: 32 }) model!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}
