import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A notice's life: written as a draft, published (home shows it), withdrawn (and published again). */
export const NoticeStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;

/**
 * An announcement of a company (systemNotice). Once published it reaches the users of that company
 * and of its subsidiaries on their home screen; it is frozen while published (withdraw to edit).
 */
@Entity('system_notice')
export class SystemNotice {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ type: 'varchar', length: 100 }) title!: string;
  @Column({ type: 'varchar', length: 4000 }) content!: string;
  /** 0 draft, 1 published, 2 withdrawn. */
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'published_at', type: 'bigint', nullable: true, transformer: numericId }) publishedAt!: number | null;
  /** The account that wrote or last changed it. */
  @Column({ type: 'varchar', length: 32, default: '' }) author!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: numericId }) updatedAt!: number;
}
