import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** One user a press release was published to: the read receipt (read_at null while unread). */
@Entity('notice_receipt')
export class NoticeReceipt {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'notice_id', type: 'bigint', transformer: numericId }) noticeId!: number;
  @Column({ name: 'user_id', type: 'bigint', transformer: numericId }) userId!: number;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'read_at', type: 'bigint', nullable: true, transformer: numericId }) readAt!: number | null;
}

/** One vehicle a press release was sent to as a 0x8300 text: the terminal's answer is the receipt. */
@Entity('notice_delivery')
export class NoticeDelivery {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'notice_id', type: 'bigint', transformer: numericId }) noticeId!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  /** The instruction request (its orders come back with this batch id). */
  @Column({ name: 'request_id', type: 'varchar', length: 80 }) requestId!: string;
  /** Instruction status 0-7 of the order. */
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'sent_at', type: 'bigint', transformer: numericId }) sentAt!: number;
  @Column({ name: 'answered_at', type: 'bigint', nullable: true, transformer: numericId }) answeredAt!: number | null;
}
