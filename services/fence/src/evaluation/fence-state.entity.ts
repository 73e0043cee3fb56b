import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';
import type { FenceState } from './fence-rules';

/** The evaluator's memory of one terminal and one fence (restart-safe). */
@Entity('fence_vehicle_state')
export class FenceVehicleState {
  @PrimaryColumn({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @PrimaryColumn({ name: 'fence_id', type: 'bigint', transformer: bigintNumber }) fenceId!: number;
  @Column({ type: 'text', transformer: jsonText }) state!: FenceState;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}
