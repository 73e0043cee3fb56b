import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** 0 open, 1 replied, 2 closed. */
export const FeedbackStatus = { OPEN: 0, REPLIED: 1, CLOSED: 2 } as const;

/** A user's (or, through the app, a driver's) problem, suggestion or complaint, and the platform's reply. */
@Entity('feedback')
export class Feedback {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  /** The submitter's company (its operators' scope decides who lists it). */
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'user_id', type: 'bigint', transformer: numericId }) userId!: number;
  @Column({ type: 'varchar', length: 32, default: '' }) account!: string;
  /** 'console' or 'app'. */
  @Column({ type: 'varchar', length: 16, default: 'console' }) source!: string;
  /** 1 problem, 2 suggestion, 3 complaint. */
  @Column({ type: 'int' }) type!: number;
  @Column({ type: 'varchar', length: 2000 }) content!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) contact!: string;
  /** The screenshot's key in the feedback file store ('' when none). */
  @Column({ name: 'image_key', type: 'varchar', length: 128, default: '' }) imageKey!: string;
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ type: 'varchar', length: 2000, nullable: true }) reply!: string | null;
  @Column({ name: 'replied_by', type: 'varchar', length: 32, default: '' }) repliedBy!: string;
  @Column({ name: 'replied_at', type: 'bigint', nullable: true, transformer: numericId }) repliedAt!: number | null;
  /** 1 while the submitter has not seen the latest reply. */
  @Column({ name: 'reply_unread', type: 'int', default: 0 }) replyUnread!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
