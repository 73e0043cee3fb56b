import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One third-party system's credentials and limits (docs/open-api.md). */
@Entity('open_api_key')
export class OpenApiKey {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'app_id', type: 'varchar', length: 32 }) appId!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  /** AES-256-GCM sealed secret (secret-seal.ts): the HMAC needs the secret itself, so it is sealed, not hashed. */
  @Column({ name: 'secret_sealed', type: 'varchar', length: 255 }) secretSealed!: string;
  /** Granted API names, comma-separated (OPEN_APIS). */
  @Column({ type: 'varchar', length: 255 }) apis!: string;
  /** Comma-separated vehicle ids; empty: every vehicle of the company (and its subsidiaries). */
  @Column({ name: 'vehicle_ids', type: 'varchar', length: 4000, default: '' }) vehicleIds!: string;
  /** Comma-separated IPs or IPv4 CIDR blocks; empty: any address. */
  @Column({ name: 'ip_allow_list', type: 'varchar', length: 1000, default: '' }) ipAllowList!: string;
  @Column({ name: 'rate_per_second', type: 'int' }) ratePerSecond!: number;
  @Column({ name: 'rate_per_day', type: 'int' }) ratePerDay!: number;
  @Column({ name: 'expires_at', type: 'bigint', nullable: true, transformer: bigintNumber }) expiresAt!: number | null;
  @Column({ type: 'int', default: 1 }) enabled!: number;
  @Column({ name: 'created_by', type: 'varchar', length: 32, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
