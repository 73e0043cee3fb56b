import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '@openfleet/storage';

/** A photo, recording or video a terminal uploaded (0x0801); the bytes live in the media store. */
@Entity('media_file')
export class MediaFile {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20, default: '' }) terminalPhone!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  /** The terminal's multimedia id (DWORD, 10 digits at most). */
  @Column({ name: 'media_id', type: 'bigint', transformer: bigintNumber }) mediaId!: number;
  /** 0 image, 1 audio, 2 video. */
  @Column({ name: 'media_type', type: 'int' }) mediaType!: number;
  /** 0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV. */
  @Column({ type: 'int' }) format!: number;
  @Column({ type: 'int' }) event!: number;
  @Column({ type: 'int' }) channel!: number;
  @Column({ type: 'int' }) size!: number;
  /** Key in the media store. */
  @Column({ type: 'varchar', length: 255, default: '' }) path!: string;
  @Column({ type: 'double', default: 0 }) latitude!: number;
  @Column({ type: 'double', default: 0 }) longitude!: number;
  @Column({ name: 'taken_at', type: 'bigint', default: 0, transformer: bigintNumber }) takenAt!: number;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
}

/** Injection token of the photo and recording store (a {@link FileStore} of @openfleet/service-kit). */
export const MEDIA_STORE = Symbol('MEDIA_STORE');
