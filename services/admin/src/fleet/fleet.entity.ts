import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A vehicle group inside a company; groups nest at most 4 levels. */
@Entity('fleet')
export class Fleet {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'parent_id', type: 'bigint', nullable: true, transformer: numericId }) parentId!: number | null;
  /** Ancestor fleet ids including this one, `/7/9/`. */
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ type: 'int' }) depth!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
