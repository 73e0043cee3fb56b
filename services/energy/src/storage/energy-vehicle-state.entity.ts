import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The latest state of a GB/T 32960 vehicle, kept by the ingest member that owns its VIN: what the
 * map and the info panel show (SOC, charging), the key of its latest report, and the battery alarms
 * open now (type -> start, epoch ms), so a restart neither repeats nor loses an alarm.
 */
@Entity('energy_vehicle_state')
@Index('ix_energy_state_vehicle', ['vehicleId'])
export class EnergyVehicleState {
  @PrimaryColumn({ type: 'varchar', length: 17 }) vin!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'collected_at', type: 'bigint', transformer: bigintNumber }) collectedAt!: number;
  @Column({ type: 'double', nullable: true }) soc!: number | null;
  @Column({ name: 'charge_state', type: 'int', nullable: true }) chargeState!: number | null;
  @Column({ type: 'double', nullable: true }) voltage!: number | null;
  @Column({ type: 'double', nullable: true }) current!: number | null;
  @Column({ type: 'double', nullable: true }) speed!: number | null;
  @Column({ name: 'alarm_level', type: 'int', nullable: true }) alarmLevel!: number | null;
  @Column({ type: 'double', nullable: true }) latitude!: number | null;
  @Column({ type: 'double', nullable: true }) longitude!: number | null;
  @Column({ name: 'open_alarms', type: 'text', transformer: jsonText }) openAlarms!: Record<string, number>;
}
