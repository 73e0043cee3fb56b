import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateVehicleFiling1732540000000 implements MigrationInterface {
  name = 'CreateVehicleFiling1732540000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'vehicle_filing',
        columns: [
          { name: 'platform_id', type: 'bigint', isPrimary: true },
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'plate_code', type: 'varchar', length: '32', default: "''" },
          { name: 'filed', type: 'int', default: 0 },
          { name: 'filed_at', type: 'bigint', default: 0 },
          { name: 'filed_by', type: 'varchar', length: '64', default: "''" },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('vehicle_filing');
  }
}
