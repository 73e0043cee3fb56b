import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A superior (government) platform we report to over JT/T 809 (spec §3 Upper platform). */
@Entity('upper_platform')
export class UpperPlatform {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  /** The company that owns the link (its users see and answer it). */
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  /** '2011' or '2019'. */
  @Column({ type: 'varchar', length: 4 }) edition!: string;
  @Column({ name: 'main_ip', type: 'varchar', length: 64 }) mainIp!: string;
  @Column({ name: 'main_port', type: 'int' }) mainPort!: number;
  /** The slave-link address we give the superior in 0x1001 (it connects back there). */
  @Column({ name: 'slave_ip', type: 'varchar', length: 64 }) slaveIp!: string;
  @Column({ name: 'slave_port', type: 'int' }) slavePort!: number;
  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber }) userId!: number;
  /** AES-256-GCM sealed; never returned by the API. */
  @Column({ name: 'password_sealed', type: 'varchar', length: 255 }) passwordSealed!: string;
  /** Our access code at this platform (the header's GNSS centre id). */
  @Column({ name: 'access_code', type: 'bigint', transformer: bigintNumber }) accessCode!: number;
  /** 2019: our platform's unique id (BYTE[11]) in alarm messages. */
  @Column({ name: 'platform_code', type: 'varchar', length: 11, default: '' }) platformCode!: string;
  @Column({ type: 'bigint', transformer: bigintNumber, default: 0 }) m1!: number;
  @Column({ type: 'bigint', transformer: bigintNumber, default: 0 }) ia1!: number;
  @Column({ type: 'bigint', transformer: bigintNumber, default: 0 }) ic1!: number;
  /** 1: encipher what we send. */
  @Column({ type: 'int', default: 0 }) encrypt!: number;
  @Column({ name: 'keep_alive_s', type: 'int', default: 60 }) keepAliveS!: number;
  @Column({ name: 'auto_reconnect', type: 'int', default: 1 }) autoReconnect!: number;
  @Column({ type: 'int', default: 1 }) enabled!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** Forwarding group: which companies (with their sub-companies) and vehicles go to a platform. */
@Entity('forward_target')
export class ForwardTarget {
  @PrimaryColumn({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  /** 'company' or 'vehicle'. */
  @PrimaryColumn({ type: 'varchar', length: 8 }) kind!: string;
  @PrimaryColumn({ name: 'ref_id', type: 'varchar', length: 32 }) refId!: string;
}
