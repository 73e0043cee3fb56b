import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One alarm whose terminal has evidence to upload: the platform's alarm number given in 0x9208
 * (32 characters) and the terminal's identification, so the attachment link finds its alarm.
 */
@Entity('alarm_evidence')
export class AlarmEvidence {
  @PrimaryColumn({ name: 'alarm_number', type: 'varchar', length: 32 }) alarmNumber!: string;
  @Column({ name: 'alarm_id', type: 'bigint', transformer: bigintNumber }) alarmId!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  /** Attachment count announced in the alarm identification. */
  @Column({ type: 'int' }) expected!: number;
  @Column({ type: 'text', transformer: jsonText }) identification!: Record<string, unknown>;
  @Column({ name: 'requested_at', type: 'bigint', transformer: bigintNumber }) requestedAt!: number;
}

/** Spec-free status of an evidence file: 0 receiving, 1 complete. */
export const AttachmentStatus = { RECEIVING: 0, COMPLETE: 1 } as const;

/** One file of an alarm's evidence and the byte ranges received so far (a resumed upload continues from them). */
@Entity('alarm_attachment')
export class AlarmAttachment {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'alarm_number', type: 'varchar', length: 32 }) alarmNumber!: string;
  @Column({ name: 'alarm_id', type: 'bigint', transformer: bigintNumber }) alarmId!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  /** 0 image, 1 audio, 2 video, 3 text, 4 other. */
  @Column({ name: 'file_type', type: 'int', default: 4 }) fileType!: number;
  @Column({ type: 'bigint', transformer: bigintNumber }) size!: number;
  /** Received [start, end) ranges, merged. */
  @Column({ type: 'text', transformer: jsonText }) ranges!: [number, number][];
  @Column({ type: 'int', default: 0 }) status!: number;
  @Column({ name: 'storage_key', type: 'varchar', length: 255 }) storageKey!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
