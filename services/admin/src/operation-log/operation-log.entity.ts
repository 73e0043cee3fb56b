import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** Who did what, when: one row per changing request (never the request body). */
@Entity('operation_log')
export class OperationLog {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'user_id', type: 'bigint', nullable: true, transformer: numericId }) userId!: number | null;
  @Column({ type: 'varchar', length: 32, default: '' }) account!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ type: 'varchar', length: 8 }) method!: string;
  @Column({ type: 'varchar', length: 255 }) path!: string;
  @Column({ name: 'error_code', type: 'int' }) errorCode!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) ip!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
