import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';

/** A stored instruction directive (commandConfig): the console sends `method url` with `params`. */
@Entity('command_config')
export class CommandConfig {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 8, default: 'POST' }) method!: string;
  @Column({ type: 'varchar', length: 255 }) url!: string;
  @Column({ type: 'text', transformer: jsonText }) params!: Record<string, unknown>;
  /** Owning company: other companies' users never see it (empty: platform-wide, super administrators). */
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
