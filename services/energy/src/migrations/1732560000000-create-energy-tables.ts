import { col } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateEnergyTables1732560000000 implements MigrationInterface {
  name = 'CreateEnergyTables1732560000000';

  async up(runner: QueryRunner): Promise<void> {
    const nullable = (name: string, type: string) => col(name, type, { isNullable: true });
    await runner.createTable(
      new Table({
        name: 'energy_realtime',
        columns: [
          { name: 'vin', type: 'varchar', length: '17', isPrimary: true },
          { name: 'collected_at', type: 'bigint', isPrimary: true },
          { name: 'vehicle_id', type: 'varchar', length: '32' },
          col('received_at', 'bigint'),
          col('reissued', 'int', { default: 0 }),
          ...['soc', 'speed', 'voltage', 'current', 'max_cell_v', 'min_cell_v', 'max_temp', 'min_temp'].map((name) => nullable(name, 'double')),
          ...['charge_state', 'max_cell_no', 'min_cell_no', 'max_temp_probe', 'min_temp_probe', 'alarm_level'].map((name) => nullable(name, 'int')),
          col('units', 'text'),
        ],
      }),
    );
    await runner.createIndex('energy_realtime', new TableIndex({ name: 'ix_energy_vehicle_time', columnNames: ['vehicle_id', 'collected_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('energy_realtime');
  }
}
