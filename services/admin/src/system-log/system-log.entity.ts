import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** System events (start, stop, migrations, login failures and locks ...), unlike the per-request operation log. */
@Entity('system_log')
export class SystemLog {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  /** info, warn or error. */
  @Column({ type: 'varchar', length: 8 }) level!: string;
  /** See SystemEvent. */
  @Column({ type: 'varchar', length: 32 }) event!: string;
  @Column({ type: 'varchar', length: 255 }) message!: string;
  /** Small JSON object of facts (account, pid, migration name ...); never secrets. */
  @Column({ type: 'varchar', length: 1000, default: '' }) detail!: string;
  /** Company of the user concerned; null for platform events (visible to super administrators only). */
  @Column({ name: 'company_id', type: 'bigint', nullable: true, transformer: numericId }) companyId!: number | null;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  /** Process that wrote the row (pid@host). */
  @Column({ type: 'varchar', length: 64, default: '' }) source!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
