import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';

/** A terminal's parameters (0x0104) and attributes (0x0107) as last queried (terminalProM). */
@Entity('terminal_parameter_snapshot')
export class TerminalParameterSnapshot {
  /** Canonical phone. */
  @PrimaryColumn({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  /** Parameter id (decimal) -> {name, type, value}. Merged: a partial query (0x8106) updates only what it returned. */
  @Column({ type: 'text', nullable: true, transformer: jsonText }) parameters!: Record<string, { name?: string; type: string; value: number | string | Record<string, unknown> }> | null;
  @Column({ name: 'parameters_at', type: 'bigint', default: 0, transformer: bigintNumber }) parametersAt!: number;
  @Column({ type: 'text', nullable: true, transformer: jsonText }) attributes!: Record<string, unknown> | null;
  @Column({ name: 'attributes_at', type: 'bigint', default: 0, transformer: bigintNumber }) attributesAt!: number;
}
