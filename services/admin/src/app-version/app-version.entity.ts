import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A released app build; the newest `versionCode` per platform is what clients update to. */
@Entity('app_version')
export class AppVersion {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  /** `android` (the APK) or `ios`. */
  @Column({ type: 'varchar', length: 8 }) platform!: string;
  /** Shown to users: "2.3.1". */
  @Column({ name: 'version_name', type: 'varchar', length: 32 }) versionName!: string;
  /** Monotonic build number clients compare. */
  @Column({ name: 'version_code', type: 'int' }) versionCode!: number;
  /** Where the package is published (uploads are not handled here). */
  @Column({ name: 'download_url', type: 'varchar', length: 255 }) downloadUrl!: string;
  /** 1: clients below this version must update. */
  @Column({ name: 'force_update', type: 'int', default: 0 }) forceUpdate!: number;
  @Column({ type: 'varchar', length: 1000, nullable: true }) changelog!: string | null;
  @Column({ name: 'created_at', type: 'bigint', transformer: numericId }) createdAt!: number;
}
