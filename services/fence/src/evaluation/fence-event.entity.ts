import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber, jsonText } from '@openfleet/storage';

/** A fence event the evaluator raised, kept for history playback (entries and exits on the track). */
@Entity('fence_event')
export class FenceEventRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  /** The event's stable id: a replayed batch inserts nothing twice. */
  @Column({ name: 'event_id', type: 'varchar', length: 96 }) eventId!: string;
  @Column({ type: 'varchar', length: 20 }) kind!: string;
  @Column({ name: 'fence_id', type: 'bigint', transformer: bigintNumber }) fenceId!: number;
  @Column({ name: 'fence_name', type: 'varchar', length: 64 }) fenceName!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) at!: number;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  @Column({ name: 'speed_kmh', type: 'double' }) speedKmh!: number;
  @Column({ name: 'blind_area', type: 'int' }) blindArea!: number;
  @Column({ type: 'text', nullable: true, transformer: jsonText }) detail!: Record<string, unknown> | null;
}
