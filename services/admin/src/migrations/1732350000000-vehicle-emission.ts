import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** A vehicle's emission stage and what remote emission monitoring needs (spec §5). */
export class VehicleEmission1732350000000 implements MigrationInterface {
  name = 'VehicleEmission1732350000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('vehicle', [
      new TableColumn({ name: 'emission_standard', type: 'int', isNullable: true }),
      new TableColumn({ name: 'max_reference_torque', type: 'double', isNullable: true }),
      new TableColumn({ name: 'fuel_tank_volume', type: 'double', isNullable: true }),
      new TableColumn({ name: 'urea_tank_volume', type: 'double', isNullable: true }),
      new TableColumn({ name: 'activation', type: 'int', isNullable: true }),
      new TableColumn({ name: 'env_vehicle_type', type: 'varchar', length: '32', isNullable: true }),
      new TableColumn({ name: 'security_chip', type: 'varchar', length: '64', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const name of ['emission_standard', 'max_reference_torque', 'fuel_tank_volume', 'urea_tank_volume', 'activation', 'env_vehicle_type', 'security_chip']) await runner.dropColumn('vehicle', name);
  }
}
