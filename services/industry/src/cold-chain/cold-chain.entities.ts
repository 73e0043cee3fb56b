import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A probe layout a company configured (built-in ones live in code: predefined-profiles.ts). */
@Entity('cold_chain_profile')
export class ColdChainProfileRow {
  @PrimaryColumn({ name: 'profile_id', type: 'varchar', length: 32 }) profileId!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ name: 'terminal_model', type: 'varchar', length: 64 }) terminalModel!: string;
  @Column({ type: 'varchar', length: 255 }) source!: string;
  /** ColdChainField[] as JSON. */
  @Column({ type: 'text' }) fields!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** A vehicle's ranges, door rules and profile; a vehicle is in the cold chain when it has a row. */
@Entity('cold_chain_settings')
export class ColdChainSettingsRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  /** ColdChainSettings without vehicleId as JSON. */
  @Column({ type: 'text' }) settings!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** One decoded report: the curve and the trips' time in range are read from these. */
@Entity('cold_chain_sample')
export class ColdChainSampleRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ type: 'bigint', transformer: bigintNumber }) at!: number;
  @Column({ name: 'acc_on', type: 'int' }) accOn!: number;
  @Column({ name: 'speed_kmh', type: 'double' }) speedKmh!: number;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  /** ColdChainReading as JSON. */
  @Column({ type: 'text' }) reading!: string;
}

/** A vehicle's last report and what is wrong now: the monitor page. */
@Entity('cold_chain_latest')
export class ColdChainLatestRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) at!: number;
  @Column({ type: 'text' }) reading!: string;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  @Column({ name: 'speed_kmh', type: 'double' }) speedKmh!: number;
  /** ColdChainAlarmType[] as JSON. */
  @Column({ type: 'varchar', length: 255 }) active!: string;
  @Column({ name: 'profile_id', type: 'varchar', length: 32 }) profileId!: string;
}

/** An excursion (or door alarm); `event_key` (vehicle, type, start) makes a replay write nothing twice. */
@Entity('cold_chain_excursion')
export class ColdChainExcursionRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'event_key', type: 'varchar', length: 96 }) eventKey!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ type: 'varchar', length: 32 }) type!: string;
  @Column({ type: 'int' }) probe!: number;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  @Column({ name: 'ended_at', type: 'bigint', nullable: true, transformer: bigintNumber }) endedAt!: number | null;
  @Column({ type: 'double', nullable: true }) extreme!: number | null;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
}

/** The detector's state of a vehicle, reloaded when its partition is assigned. */
@Entity('cold_chain_vehicle_state')
export class ColdChainVehicleStateRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ type: 'text' }) state!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

export const COLD_CHAIN_ENTITIES = [ColdChainProfileRow, ColdChainSettingsRow, ColdChainSampleRow, ColdChainLatestRow, ColdChainExcursionRow, ColdChainVehicleStateRow];
