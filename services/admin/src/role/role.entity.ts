import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** Role types (spec §6). */
export const RoleType = { SUPER_ADMIN: 0, COMPANY_DEFAULT: 1, OPERATIONS: 2, ORDINARY: 3 } as const;

@Entity('role')
export class Role {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) description!: string | null;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'role_type', type: 'int' }) roleType!: number;
  /** Granted action codes, JSON array (`carList:add`, or a bare page code `carList` for view-only). */
  @Column({ name: 'action_codes', type: 'simple-json' }) actionCodes!: string[];
  @Column({ name: 'updated_at', type: 'bigint', transformer: numericId }) updatedAt!: number;
}
