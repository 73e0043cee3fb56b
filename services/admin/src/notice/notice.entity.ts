import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A notice's life: written as a draft, published (home shows it), withdrawn (and published again). */
export const NoticeStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;

/**
 * One notice model, two channels: company announcements (systemNotice, home screens) and press
 * releases (pressRelease: a level, an audience of users with read receipts, an expiry, and texts
 * to drivers' terminals with delivery receipts).
 */
export const NoticeChannel = { ANNOUNCEMENT: 0, PRESS_RELEASE: 1 } as const;

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
  /** 0 announcement (systemNotice), 1 press release (pressRelease). */
  @Column({ type: 'int', default: 0 }) channel!: number;
  /** Press releases: 0 normal, 1 important, 2 urgent. */
  @Column({ type: 'int', default: 0 }) level!: number;
  /** Press releases: 'company' | 'companies' | 'roles' | 'users'. */
  @Column({ type: 'varchar', length: 16, default: '' }) audience!: string;
  /** Press releases: the audience's company, role or user ids, comma separated. */
  @Column({ name: 'audience_ids', type: 'varchar', length: 4000, default: '' }) audienceIds!: string;
  @Column({ name: 'expires_at', type: 'bigint', nullable: true, transformer: numericId }) expiresAt!: number | null;
  /** Press releases: when its users' sockets were told (a scheduled one waits for its publish time). */
  @Column({ name: 'pushed_at', type: 'bigint', nullable: true, transformer: numericId }) pushedAt!: number | null;
}
