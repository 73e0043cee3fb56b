import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Which fuel tanks a vehicle has (at most two), so the fuel ledger reads its sensors through their tables. */
export class FuelTankVehicle1733290000000 implements MigrationInterface {
  name = 'FuelTankVehicle1733290000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'fuel_tank_vehicle',
        columns: [
          { name: 'vehicle_id', type: 'bigint', isPrimary: true },
          { name: 'slot', type: 'int', isPrimary: true },
          { name: 'tank_id', type: 'bigint' },
        ],
      }),
    );
    await runner.createIndex('fuel_tank_vehicle', new TableIndex({ name: 'ix_fuel_tank_vehicle_tank', columnNames: ['tank_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('fuel_tank_vehicle', true);
  }
}
