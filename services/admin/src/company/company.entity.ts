import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** An enterprise; companies nest (parent company), the root is the platform operator. */
@Entity('company')
export class Company {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 32, nullable: true }) code!: string | null;
  @Column({ name: 'short_name', type: 'varchar', length: 32, nullable: true }) shortName!: string | null;
  @Column({ name: 'org_code', type: 'varchar', length: 32, nullable: true }) orgCode!: string | null;
  @Column({ name: 'legal_person', type: 'varchar', length: 32, nullable: true }) legalPerson!: string | null;
  @Column({ name: 'legal_person_id_card', type: 'varchar', length: 18, nullable: true }) legalPersonIdCard!: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone!: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) fax!: string | null;
  @Column({ name: 'postal_code', type: 'varchar', length: 6, nullable: true }) postalCode!: string | null;
  /** Stored logo file (company-logo.service); served by GET /basic/company/:id/logo. */
  @Column({ name: 'logo_key', type: 'varchar', length: 128, nullable: true, select: false }) logoKey!: string | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) address!: string | null;
  /** Operating vehicle types, comma separated: 1 freight, 2 waste, 3 sanitation, 4 passenger, 5 bridge. */
  @Column({ name: 'business_types', type: 'varchar', length: 32, default: '' }) businessTypes!: string;
  @Column({ name: 'map_type', type: 'int', default: 3 }) mapType!: number;
  @Column({ name: 'parent_id', type: 'bigint', nullable: true, transformer: numericId }) parentId!: number | null;
  /** Ancestor ids including this one, `/1/5/`. */
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
