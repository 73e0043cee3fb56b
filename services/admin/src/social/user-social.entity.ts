import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A social account (WeChat open id ...) bound to a user: one per user and type, one user per open id. */
@Entity('user_social')
export class UserSocial {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'user_id', type: 'bigint', transformer: numericId }) userId!: number;
  @Column({ type: 'varchar', length: 16 }) type!: string;
  @Column({ name: 'open_id', type: 'varchar', length: 64 }) openId!: string;
  @Column({ name: 'bound_at', type: 'bigint', transformer: numericId }) boundAt!: number;
}
