import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Media traffic of one vehicle channel on one day (China time): what the vehicle's SIM paid for (videoflux). */
@Entity('video_flux')
export class VideoFlux {
  @PrimaryColumn({ type: 'varchar', length: 10 }) day!: string;
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ type: 'int' }) channel!: number;
  @Column({ name: 'plate_code', type: 'varchar', length: 32, default: '' }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber }) bytes!: number;
  @Column({ type: 'int', default: 0 }) seconds!: number;
  @Column({ type: 'int', default: 0 }) sessions!: number;
}
