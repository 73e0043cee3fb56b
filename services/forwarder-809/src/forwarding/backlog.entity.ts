import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A position or alarm kept while a platform's links were down, sent in order after reconnect (positions by 0x1203, alarms by 0x1402). */
@Entity('forward_backlog')
export class ForwardBacklog {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @Column({ name: 'vehicle_no', type: 'varchar', length: 32 }) vehicleNo!: string;
  @Column({ name: 'vehicle_color', type: 'int' }) vehicleColor!: number;
  /** 'position' or 'alarm'. */
  @Column({ type: 'varchar', length: 8, default: 'position' }) kind!: string;
  /** The position as the platform's edition lays it out (JSON; the 2019 808 body as hex), or the 0x1402 data (JSON). */
  @Column({ type: 'text' }) position!: string;
  @Column({ name: 'gps_time_s', type: 'bigint', transformer: bigintNumber }) gpsTimeS!: number;
}
