import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SmsPurpose } from './sms-port';

/**
 * One verification code sent by SMS, in the table of the service that sent it (admin: register
 * and forgetPwd; instruction: the vehicle lock wizard), so every replica sees it. The code itself
 * is never stored, only sha256(id:code). Rows also count the sends per phone for the rate limits.
 */
@Entity('sms_code')
@Index('sms_code_phone', ['phone', 'createdAt'])
@Index('sms_code_lookup', ['purpose', 'phone', 'subject', 'createdAt'])
@Index('sms_code_created', ['createdAt'])
export class SmsCode {
  /** Also the id of what the code guards (the lock wizard's id). */
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 16 }) purpose!: SmsPurpose;
  @Column({ type: 'varchar', length: 20 }) phone!: string;
  /** What the code is for beyond the phone ('' for account codes, the vehicle id for a lock). */
  @Column({ type: 'varchar', length: 64, default: '' }) subject!: string;
  @Column({ name: 'code_hash', type: 'varchar', length: 64 }) codeHash!: string;
  /** What the flow keeps with the code (the wizard's user, action and reason). */
  @Column({ type: 'text', nullable: true, transformer: jsonText }) context!: Record<string, unknown> | null;
  /** Wrong codes so far. */
  @Column({ type: 'int', default: 0 }) attempts!: number;
  /** Wrong answers to the flow's next factor (the lock password) so far. */
  @Column({ name: 'factor_attempts', type: 'int', default: 0 }) factorAttempts!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintNumber }) expiresAt!: number;
  @Column({ name: 'verified_at', type: 'bigint', default: 0, transformer: bigintNumber }) verifiedAt!: number;
  /** Set once: the code was used up (or its send failed); it never checks out again. */
  @Column({ name: 'used_at', type: 'bigint', default: 0, transformer: bigintNumber }) usedAt!: number;
}
