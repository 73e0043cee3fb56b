import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An offline download of the fuel report or events: who asked, what, and how far it got. */
@Entity('fuel_export_task')
export class FuelExportTask {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'owner_id', type: 'varchar', length: 32 }) ownerId!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ type: 'varchar', length: 64 }) title!: string;
  /** The query and the owner as the token described them at creation: the runner checks scope with them. */
  @Column({ type: 'text', transformer: jsonText }) params!: unknown;
  @Column({ name: 'task_status', type: 'int' }) taskStatus!: number;
  @Column({ name: 'download_status', type: 'int' }) downloadStatus!: number;
  @Column({ type: 'int' }) progress!: number;
  @Column({ name: 'row_count', type: 'int' }) rowCount!: number;
  @Column({ name: 'file_key', type: 'varchar', length: 128, nullable: true }) fileKey!: string | null;
  @Column({ name: 'file_size', type: 'bigint', nullable: true, transformer: bigintNumber }) fileSize!: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) error!: string | null;
  @Column({ name: 'claimed_by', type: 'varchar', length: 64, nullable: true }) claimedBy!: string | null;
  @Column({ name: 'heartbeat_at', type: 'bigint', nullable: true, transformer: bigintNumber }) heartbeatAt!: number | null;
  @Column({ type: 'int' }) attempts!: number;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'finished_at', type: 'bigint', nullable: true, transformer: bigintNumber }) finishedAt!: number | null;
}
