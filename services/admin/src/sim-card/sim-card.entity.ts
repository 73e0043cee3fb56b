import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** Operators: 1 China Mobile, 2 China Unicom, 3 China Telecom. */
export const SimOperator = { MOBILE: 1, UNICOM: 2, TELECOM: 3 } as const;

@Entity('sim_card')
export class SimCard {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 20 }) number!: string;
  @Column({ type: 'int' }) operator!: number;
  @Column({ type: 'varchar', length: 32, nullable: true }) city!: string | null;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'terminal_id', type: 'bigint', nullable: true, transformer: numericId }) terminalId!: number | null;
}
