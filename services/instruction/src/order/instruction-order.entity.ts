import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';

/** One command for one vehicle: what was asked, by whom, and what the terminal answered (spec §3 order). */
@Entity('instruction_order')
export class InstructionOrder {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'batch_id', type: 'varchar', length: 64, default: '' }) batchId!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20, default: '' }) terminalPhone!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'command_type', type: 'varchar', length: 32, default: '' }) commandType!: string;
  @Column({ name: 'msg_id', type: 'varchar', length: 6, default: '' }) msgId!: string;
  /** What the operator entered. */
  @Column({ type: 'text', transformer: jsonText }) params!: Record<string, unknown>;
  /** The message body built from it (the downlink payload). */
  @Column({ type: 'text', transformer: jsonText }) body!: Record<string, unknown>;
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'offline_policy', type: 'varchar', length: 8, default: 'fail' }) offlinePolicy!: string;
  @Column({ name: 'timeout_ms', type: 'int', default: 30000 }) timeoutMs!: number;
  @Column({ name: 'expire_at', type: 'bigint', default: 0, transformer: bigintNumber }) expireAt!: number;
  @Column({ name: 'reply_msg_id', type: 'varchar', length: 6, default: '' }) replyMsgId!: string;
  @Column({ name: 'reply_result', type: 'int', nullable: true }) replyResult!: number | null;
  @Column({ name: 'reply_body', type: 'text', nullable: true, transformer: jsonText }) replyBody!: Record<string, unknown> | null;
  @Column({ name: 'operator_id', type: 'varchar', length: 32, default: '' }) operatorId!: string;
  @Column({ name: 'operator_name', type: 'varchar', length: 64, default: '' }) operatorName!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'sent_at', type: 'bigint', default: 0, transformer: bigintNumber }) sentAt!: number;
  @Column({ name: 'reply_at', type: 'bigint', default: 0, transformer: bigintNumber }) replyAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
