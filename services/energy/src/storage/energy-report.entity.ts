import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One GB/T 32960 real-time (0x02) or reissued (0x03) report of a vehicle: the chart series in
 * columns (null where the vehicle sent abnormal or invalid), the data unit as the vehicle sent it
 * (base64) for everything else. Keyed (vin, collected_at): a resent report is stored once. On
 * MySQL the table is partitioned by day of collection (energy-partitions.ts).
 */
@Entity('energy_report')
export class EnergyReportRow {
  @PrimaryColumn({ type: 'varchar', length: 17 }) vin!: string;
  @PrimaryColumn({ name: 'collected_at', type: 'bigint', transformer: bigintNumber }) collectedAt!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  @Column({ type: 'int', default: 0 }) reissued!: number;
  @Column({ type: 'double', nullable: true }) soc!: number | null;
  @Column({ type: 'double', nullable: true }) speed!: number | null;
  @Column({ type: 'double', nullable: true }) voltage!: number | null;
  @Column({ type: 'double', nullable: true }) current!: number | null;
  /** 1-4, 254 abnormal, 255 invalid (spec §4); null when the report had no whole-vehicle unit. */
  @Column({ name: 'charge_state', type: 'int', nullable: true }) chargeState!: number | null;
  @Column({ name: 'max_cell_v', type: 'double', nullable: true }) maxCellV!: number | null;
  @Column({ name: 'max_cell_no', type: 'int', nullable: true }) maxCellNo!: number | null;
  @Column({ name: 'min_cell_v', type: 'double', nullable: true }) minCellV!: number | null;
  @Column({ name: 'min_cell_no', type: 'int', nullable: true }) minCellNo!: number | null;
  @Column({ name: 'max_temp', type: 'double', nullable: true }) maxTemp!: number | null;
  @Column({ name: 'max_temp_probe', type: 'int', nullable: true }) maxTempProbe!: number | null;
  @Column({ name: 'min_temp', type: 'double', nullable: true }) minTemp!: number | null;
  @Column({ name: 'min_temp_probe', type: 'int', nullable: true }) minTempProbe!: number | null;
  @Column({ name: 'alarm_level', type: 'int', nullable: true }) alarmLevel!: number | null;
  /** The 19 general alarm flags of table 18; null without an alarm unit. */
  @Column({ name: 'alarm_flags', type: 'bigint', nullable: true, transformer: bigintNumber }) alarmFlags!: number | null;
  /** The data unit (time and information units) as received, base64. */
  @Column({ type: 'text' }) data!: string;
}
