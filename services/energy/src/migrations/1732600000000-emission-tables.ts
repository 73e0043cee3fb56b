import { col, requiredText } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

const KEY = [
  { name: 'vin', type: 'varchar', length: '17', isPrimary: true },
  { name: 'collected_at', type: 'bigint', isPrimary: true },
  requiredText('vehicle_id', 32),
  col('received_at', 'bigint'),
];

// Written out, not imported from the ingest: a migration stays as it ran.
const READINGS = [
  'speed', 'atmospheric_pressure', 'engine_torque', 'friction_torque', 'engine_rpm', 'fuel_flow', 'nox_upstream', 'nox_downstream', 'reagent', 'intake_air', 'scr_inlet_temp',
  'scr_outlet_temp', 'dpf_pressure_drop', 'coolant_temp', 'fuel_level', 'odometer', 'latitude', 'longitude', 'torque_mode', 'accelerator', 'total_fuel', 'urea_tank_temp',
  'urea_dosing', 'total_urea', 'dpf_exhaust_temp',
];

/** HJ 1239 emission data: the diesel and supplementary streams, and the OBD bodies. */
export class EmissionTables1732600000000 implements MigrationInterface {
  name = 'EmissionTables1732600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'emission_stream',
        columns: [...KEY, col('reissued', 'int', { default: 0 }), ...READINGS.map((name) => col(name, 'double', { isNullable: true }))],
        indices: [{ name: 'ix_emission_stream_vehicle_time', columnNames: ['vehicle_id', 'collected_at'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'emission_obd',
        columns: [
          ...KEY, col('protocol', 'int'), col('mil', 'int'), col('diagnostic_support', 'int'), col('diagnostic_readiness', 'int'), requiredText('obd_vin', 17), requiredText('calibration_id', 18),
          requiredText('cvn', 18), requiredText('iupr', 72), col('fault_codes', 'text', { isNullable: true }),
        ],
        indices: [{ name: 'ix_emission_obd_vehicle_time', columnNames: ['vehicle_id', 'collected_at'] }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('emission_obd');
    await runner.dropTable('emission_stream');
  }
}
