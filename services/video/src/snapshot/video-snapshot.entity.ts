import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A frame an operator took from a live or playback stream (screenshot); the image lives in the video store. */
@Entity('video_snapshot')
export class VideoSnapshot {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'int' }) channel!: number;
  @Column({ type: 'int' }) size!: number;
  /** Key in the video store. */
  @Column({ type: 'varchar', length: 255 }) path!: string;
  @Column({ name: 'content_type', type: 'varchar', length: 32 }) contentType!: string;
  @Column({ name: 'taken_by', type: 'varchar', length: 64, default: '' }) takenBy!: string;
  @Column({ name: 'taken_at', type: 'bigint', transformer: bigintNumber }) takenAt!: number;
}
