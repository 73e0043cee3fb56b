import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

const reading = (name: string) => Column({ name, type: 'double', nullable: true });

/**
 * One HJ 1239 data stream of a heavy-duty diesel vehicle (emissionData, noxData, ureaData): the
 * diesel stream (0x02) with the supplementary stream (0x80) of the same collection time. Readings
 * the vehicle sent as abnormal or invalid are null. Keyed (vin, collected_at): a reissue is stored once.
 */
@Entity('emission_stream')
export class EmissionStreamRow {
  @PrimaryColumn({ type: 'varchar', length: 17 }) vin!: string;
  @PrimaryColumn({ name: 'collected_at', type: 'bigint', transformer: bigintNumber }) collectedAt!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  @Column({ type: 'int', default: 0 }) reissued!: number;
  @reading('speed') speed!: number | null;
  @reading('atmospheric_pressure') atmosphericPressure!: number | null;
  @reading('engine_torque') engineTorque!: number | null;
  @reading('friction_torque') frictionTorque!: number | null;
  @reading('engine_rpm') engineRpm!: number | null;
  @reading('fuel_flow') fuelFlow!: number | null;
  @reading('nox_upstream') noxUpstream!: number | null;
  @reading('nox_downstream') noxDownstream!: number | null;
  @reading('reagent') reagent!: number | null;
  @reading('intake_air') intakeAir!: number | null;
  @reading('scr_inlet_temp') scrInletTemp!: number | null;
  @reading('scr_outlet_temp') scrOutletTemp!: number | null;
  @reading('dpf_pressure_drop') dpfPressureDrop!: number | null;
  @reading('coolant_temp') coolantTemp!: number | null;
  @reading('fuel_level') fuelLevel!: number | null;
  @reading('odometer') odometer!: number | null;
  @reading('latitude') latitude!: number | null;
  @reading('longitude') longitude!: number | null;
  @reading('torque_mode') torqueMode!: number | null;
  @reading('accelerator') accelerator!: number | null;
  @reading('total_fuel') totalFuel!: number | null;
  @reading('urea_tank_temp') ureaTankTemp!: number | null;
  @reading('urea_dosing') ureaDosing!: number | null;
  @reading('total_urea') totalUrea!: number | null;
  @reading('dpf_exhaust_temp') dpfExhaustTemp!: number | null;
}

/** One HJ 1239 OBD body: protocol, MIL, diagnostic support and readiness, calibration, IUPR, fault codes. */
@Entity('emission_obd')
export class EmissionObdRow {
  @PrimaryColumn({ type: 'varchar', length: 17 }) vin!: string;
  @PrimaryColumn({ name: 'collected_at', type: 'bigint', transformer: bigintNumber }) collectedAt!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  /** 0 ISO 15765, 1 ISO 27145, 2 SAE J1939, 254 invalid. */
  @Column({ type: 'int' }) protocol!: number;
  /** 0 off, 1 on, 254 invalid. */
  @Column({ type: 'int' }) mil!: number;
  @Column({ name: 'diagnostic_support', type: 'int' }) diagnosticSupport!: number;
  @Column({ name: 'diagnostic_readiness', type: 'int' }) diagnosticReadiness!: number;
  @Column({ name: 'obd_vin', type: 'varchar', length: 17 }) obdVin!: string;
  @Column({ name: 'calibration_id', type: 'varchar', length: 18 }) calibrationId!: string;
  @Column({ type: 'varchar', length: 18 }) cvn!: string;
  @Column({ type: 'varchar', length: 72 }) iupr!: string;
  /** JSON array of the 4-byte fault codes; null when the terminal sent the count as invalid. */
  @Column({ name: 'fault_codes', type: 'text', nullable: true }) faultCodes!: string | null;
}
