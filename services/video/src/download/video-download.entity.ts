import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A recording pulled from a terminal (0x9206 to the embedded FTP server). Status is spec §4's
 * download status (0 executing, 1 not downloaded, 2 downloaded, 3 generation failed, 4 no data).
 */
@Entity('video_download')
export class VideoDownload {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'int' }) channel!: number;
  @Column({ name: 'start_time', type: 'varchar', length: 19 }) startTime!: string;
  @Column({ name: 'end_time', type: 'varchar', length: 19 }) endTime!: string;
  @Column({ name: 'media_type', type: 'int', default: 0 }) mediaType!: number;
  @Column({ name: 'stream_type', type: 'int', default: 0 }) streamType!: number;
  @Column({ name: 'storage_type', type: 'int', default: 0 }) storageType!: number;
  @Column({ type: 'int', default: 0 }) status!: number;
  /** The size the resource list gave (0 unknown): progress is bytes received against it. */
  @Column({ name: 'expected_size', type: 'bigint', default: 0, transformer: bigintNumber }) expectedSize!: number;
  @Column({ name: 'received_size', type: 'bigint', default: 0, transformer: bigintNumber }) receivedSize!: number;
  /** Per-task FTP login, accepted only while the task is executing. */
  @Column({ name: 'ftp_user', type: 'varchar', length: 32 }) ftpUser!: string;
  @Column({ name: 'ftp_password', type: 'varchar', length: 64 }) ftpPassword!: string;
  /** Key in the video store of the received file ('' until it arrived). */
  @Column({ type: 'varchar', length: 255, default: '' }) path!: string;
  @Column({ name: 'file_name', type: 'varchar', length: 128, default: '' }) fileName!: string;
  /** The 0x9206 order's batch id (its 0x1206 follow-up comes under it). */
  @Column({ name: 'request_id', type: 'varchar', length: 64, default: '' }) requestId!: string;
  /** Serial of the 0x9206 message (0x9207 upload control names the upload by it). */
  @Column({ name: 'upload_serial', type: 'int', default: 0 }) uploadSerial!: number;
  @Column({ name: 'error_code', type: 'int', default: 0 }) errorCode!: number;
  @Column({ name: 'created_by', type: 'varchar', length: 64, default: '' }) createdBy!: string;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'finished_at', type: 'bigint', default: 0, transformer: bigintNumber }) finishedAt!: number;
}
