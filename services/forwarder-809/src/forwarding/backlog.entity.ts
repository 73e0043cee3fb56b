import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A position kept while a platform's links were down, sent in order by 0x1203 after reconnect. */
@Entity('forward_backlog')
export class ForwardBacklog {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'platform_id', type: 'bigint', transformer: bigintNumber }) platformId!: number;
  @Column({ name: 'vehicle_no', type: 'varchar', length: 32 }) vehicleNo!: string;
  @Column({ name: 'vehicle_color', type: 'int' }) vehicleColor!: number;
  /** The position as the platform's edition lays it out (JSON; the 2019 808 body as hex). */
  @Column({ type: 'text' }) position!: string;
  @Column({ name: 'gps_time_s', type: 'bigint', transformer: bigintNumber }) gpsTimeS!: number;
}
