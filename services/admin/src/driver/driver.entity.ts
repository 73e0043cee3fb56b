import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

@Entity('driver')
export class Driver {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ name: 'licence_no', type: 'varchar', length: 32 }) licenceNo!: string;
  @Column({ name: 'qualification_no', type: 'varchar', length: 32, nullable: true }) qualificationNo!: string | null;
  @Column({ name: 'certification_authority', type: 'varchar', length: 64, nullable: true }) certificationAuthority!: string | null;
  @Column({ name: 'expires_on', type: 'varchar', length: 10, nullable: true }) expiresOn!: string | null;
  @Column({ name: 'native_place', type: 'varchar', length: 64, nullable: true }) nativePlace!: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) phone!: string | null;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_id', type: 'bigint', nullable: true, transformer: numericId }) fleetId!: number | null;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
}
