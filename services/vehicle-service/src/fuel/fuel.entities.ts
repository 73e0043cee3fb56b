import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A refuel or a suspected loss the ledger found; `event_key` (vehicle, kind, start) makes a replayed batch insert nothing twice. */
@Entity('fuel_event')
export class FuelEventRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'event_key', type: 'varchar', length: 96 }) eventKey!: string;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ type: 'varchar', length: 8 }) kind!: string;
  @Column({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  @Column({ name: 'ended_at', type: 'bigint', transformer: bigintNumber }) endedAt!: number;
  @Column({ name: 'amount_l', type: 'double' }) amountL!: number;
  @Column({ name: 'litres_before', type: 'double' }) litresBefore!: number;
  @Column({ name: 'litres_after', type: 'double' }) litresAfter!: number;
  @Column({ type: 'double' }) latitude!: number;
  @Column({ type: 'double' }) longitude!: number;
  @Column({ name: 'while_stopped', type: 'int' }) whileStopped!: number;
}

/** The filtered level, thinned (a point a minute, or on a change of 2 L): the fuel curve. */
@Entity('fuel_level')
export class FuelLevelRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ type: 'bigint', transformer: bigintNumber }) at!: number;
  @Column({ type: 'double' }) litres!: number;
}

/** What a day (China time) or a trip burnt; the report sums these. */
abstract class FuelTallyColumns {
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ name: 'first_l', type: 'double' }) firstL!: number;
  @Column({ name: 'last_l', type: 'double' }) lastL!: number;
  @Column({ name: 'refuelled_l', type: 'double' }) refuelledL!: number;
  @Column({ name: 'loss_l', type: 'double' }) lossL!: number;
  @Column({ name: 'distance_km', type: 'double' }) distanceKm!: number;
  /** CAN total-fuel counter at the first and last report (null: the terminal sends none). */
  @Column({ name: 'can_first_l', type: 'double', nullable: true }) canFirstL!: number | null;
  @Column({ name: 'can_last_l', type: 'double', nullable: true }) canLastL!: number | null;
  @Column({ name: 'ended_at', type: 'bigint', transformer: bigintNumber }) endedAt!: number;
}

@Entity('fuel_day')
export class FuelDayRow extends FuelTallyColumns {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  /** yyyy-MM-dd, China time. */
  @PrimaryColumn({ type: 'varchar', length: 10 }) day!: string;
}

/** A trip: an ACC-on spell that covered distance. */
@Entity('fuel_trip')
export class FuelTripRow extends FuelTallyColumns {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
}

/** The ledger's state of one vehicle (detector, open day and trip), saved after each batch, reloaded on assignment. */
@Entity('fuel_vehicle_state')
export class FuelVehicleStateRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ type: 'text', transformer: jsonText }) state!: unknown;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** Detection thresholds of one company and vehicle type (0: any type). */
@Entity('fuel_settings')
export class FuelSettingsRow {
  @PrimaryColumn({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @PrimaryColumn({ name: 'vehicle_type', type: 'int' }) vehicleType!: number;
  @Column({ type: 'text', transformer: jsonText }) thresholds!: unknown;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

export const FUEL_ENTITIES = [FuelEventRow, FuelLevelRow, FuelDayRow, FuelTripRow, FuelVehicleStateRow, FuelSettingsRow];
