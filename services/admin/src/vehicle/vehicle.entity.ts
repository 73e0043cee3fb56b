import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

@Entity('vehicle')
export class Vehicle {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'plate_code', type: 'varchar', length: 16 }) plateCode!: string;
  /** 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other. */
  @Column({ name: 'plate_color', type: 'int' }) plateColor!: number;
  @Column({ type: 'varchar', length: 32, nullable: true }) vin!: string | null;
  /** 1-25, see VEHICLE_TYPES. */
  @Column({ name: 'vehicle_type', type: 'int' }) vehicleType!: number;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_id', type: 'bigint', nullable: true, transformer: numericId }) fleetId!: number | null;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'terminal_id', type: 'bigint', nullable: true, transformer: numericId }) terminalId!: number | null;
  @Column({ name: 'driver_id', type: 'bigint', nullable: true, transformer: numericId }) driverId!: number | null;
  @Column({ name: 'engine_no', type: 'varchar', length: 32, nullable: true }) engineNo!: string | null;
  /** Owner (vehicle master) row; ownerName/ownerPhone copy its name and phone. */
  @Column({ name: 'master_id', type: 'bigint', nullable: true, transformer: numericId }) masterId!: number | null;
  @Column({ name: 'owner_name', type: 'varchar', length: 32, nullable: true }) ownerName!: string | null;
  @Column({ name: 'owner_phone', type: 'varchar', length: 11, nullable: true }) ownerPhone!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) brand!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) model!: string | null;
  @Column({ name: 'fuel_type', type: 'int', nullable: true }) fuelType!: number | null;
  /** China emission stage 3-6 (国三 ... 国六). */
  @Column({ name: 'emission_standard', type: 'int', nullable: true }) emissionStandard!: number | null;
  /** N·m; required at stage 5 (spec §5). */
  @Column({ name: 'max_reference_torque', type: 'double', nullable: true }) maxReferenceTorque!: number | null;
  @Column({ name: 'fuel_tank_volume', type: 'double', nullable: true }) fuelTankVolume!: number | null;
  @Column({ name: 'urea_tank_volume', type: 'double', nullable: true }) ureaTankVolume!: number | null;
  /** 1: the remote emission terminal must be activated. */
  @Column({ type: 'int', nullable: true }) activation!: number | null;
  @Column({ name: 'env_vehicle_type', type: 'varchar', length: 32, nullable: true }) envVehicleType!: string | null;
  @Column({ name: 'security_chip', type: 'varchar', length: 64, nullable: true }) securityChip!: string | null;
  /** VehicleRegistrationState: 1 registered (上牌), 2 not yet registered, 3 temporary plate, 4 deregistered. */
  @Column({ name: 'registration_state', type: 'int', nullable: true }) registrationState!: number | null;
  /** VehicleUseState: 1 in service, 2 idle, 3 under repair, 4 scrapped. */
  @Column({ name: 'use_state', type: 'int', nullable: true }) useState!: number | null;
  /** Drive form: 1 4×2, 2 4×4, 3 6×2, 4 6×4, 5 8×4, 9 other. */
  @Column({ name: 'drive_type', type: 'int', nullable: true }) driveType!: number | null;
  @Column({ name: 'updated_at', type: 'bigint', transformer: numericId }) updatedAt!: number;
}
