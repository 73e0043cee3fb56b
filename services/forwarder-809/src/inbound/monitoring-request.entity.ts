import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A superior's monitoring request (0x9501-0x9505) still owed its 0x1501-0x1505 answer: kept from
 * acceptance until the answer is sent or given up, so a forwarder restart resumes the wait.
 */
@Entity('monitoring_request')
export class MonitoringRequest {
  /** The instruction order's batch id (what instruction.order.v1 names). */
  @PrimaryColumn({ name: 'request_id', type: 'varchar', length: 64 }) requestId!: string;
  @Column({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @Column({ name: 'vehicle_no', type: 'varchar', length: 32 }) vehicleNo!: string;
  @Column({ name: 'vehicle_color', type: 'int' }) vehicleColor!: number;
  @Column({ name: 'reply_type', type: 'int' }) replyType!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'lens_id', type: 'int', default: 0 }) lensId!: number;
  @Column({ name: 'size_type', type: 'int', default: 0 }) sizeType!: number;
  @Column({ type: 'int', default: 0 }) command!: number;
  @Column({ name: 'source_data_type', type: 'int' }) sourceDataType!: number;
  @Column({ name: 'source_msg_sn', type: 'bigint', transformer: bigintNumber }) sourceMsgSn!: number;
  @Column({ name: 'msg_sequence', type: 'bigint', transformer: bigintNumber, default: 0 }) msgSequence!: number;
  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintNumber }) expiresAt!: number;
  /** A photo the terminal took: its 0x0801 upload is awaited until then (0: not yet taken). */
  @Column({ name: 'upload_by', type: 'bigint', transformer: bigintNumber, default: 0 }) uploadBy!: number;
  /** The answer once decided but not yet sent (no link up): outcome and data, buffers as hex. */
  @Column({ type: 'text', nullable: true, transformer: jsonText }) reply!: StoredReply | null;
}

export type Outcome = 'done' | 'refused' | 'offline' | 'failed';

export interface StoredReply {
  outcome: Outcome;
  record?: string;
  photo?: string;
  format?: number;
  /** The 0x0801 location block, as the gateway decoded it. */
  location?: Record<string, string | number | boolean | null>;
}
