import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** User types (spec §6). */
export const UserType = { PERSONAL: 0, ORDINARY: 1, OPERATIONS: 2, COMPANY_ADMIN: 3, SUPER_ADMIN: 4, SENIOR: 5 } as const;

@Entity('app_user')
export class User {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) account!: string;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false }) passwordHash!: string;
  @Column({ name: 'user_type', type: 'int' }) userType!: number;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ type: 'varchar', length: 11, nullable: true }) phone!: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) email!: string | null;
  @Column({ type: 'int', nullable: true }) gender!: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
  /** YYYY-MM-DD. */
  @Column({ name: 'birth_date', type: 'varchar', length: 10, nullable: true }) birthDate!: string | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) address!: string | null;
  @Column({ name: 'postal_code', type: 'varchar', length: 6, nullable: true }) postalCode!: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) fax!: string | null;
  @Column({ name: 'id_card', type: 'varchar', length: 18, nullable: true }) idCard!: string | null;
  /** Granted fleets (comma separated ids); empty means the whole own company. */
  @Column({ name: 'fleet_ids', type: 'varchar', length: 255, default: '' }) fleetIds!: string;
  /** Single vehicles granted besides the fleets (comma separated ids, vgPower); null or empty: none. */
  @Column({ name: 'vehicle_ids', type: 'text', nullable: true }) vehicleIds!: string | null;
  /** 1 enabled, 0 disabled (login answers 3032). */
  @Column({ type: 'int', default: 1 }) status!: number;
  @Column({ name: 'failed_logins', type: 'int', default: 0, select: false }) failedLogins!: number;
  @Column({ name: 'last_failed_at', type: 'bigint', default: 0, transformer: numericId, select: false }) lastFailedAt!: number;
  @Column({ name: 'locked_until', type: 'bigint', default: 0, transformer: numericId, select: false }) lockedUntil!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}

@Entity('user_role')
export class UserRole {
  @Column({ name: 'user_id', type: 'bigint', primary: true, transformer: numericId }) userId!: number;
  @Column({ name: 'role_id', type: 'bigint', primary: true, transformer: numericId }) roleId!: number;
}
