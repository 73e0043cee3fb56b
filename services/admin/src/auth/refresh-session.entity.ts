import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** One login session: the current refresh token (sha256 only), rotated on every refresh. */
@Entity('refresh_session')
export class RefreshSession {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'user_id', type: 'bigint', transformer: numericId }) userId!: number;
  @Column({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'expires_at', type: 'bigint', transformer: numericId }) expiresAt!: number;
  @Column({ type: 'int', default: 0 }) revoked!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}

/** A refresh token rotated away (sha256): presenting it again means it leaked, so its session is revoked. */
@Entity('refresh_token_spent')
export class SpentRefreshToken {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'session_id', type: 'bigint', transformer: numericId }) sessionId!: number;
  @Column({ name: 'spent_at', type: 'bigint', transformer: numericId }) spentAt!: number;
}
