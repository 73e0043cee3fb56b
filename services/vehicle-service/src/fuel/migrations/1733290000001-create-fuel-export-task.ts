import { autoIncrementId, col, requiredText } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateFuelExportTask1733290000001 implements MigrationInterface {
  name = 'CreateFuelExportTask1733290000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'fuel_export_task',
        columns: [
          autoIncrementId(runner),
          requiredText('owner_id', 32),
          requiredText('kind', 16),
          requiredText('title', 64),
          col('params', 'text'),
          col('task_status', 'int'),
          col('download_status', 'int'),
          col('progress', 'int', { default: 0 }),
          col('row_count', 'int', { default: 0 }),
          col('file_key', 'varchar', { length: '128', isNullable: true }),
          col('file_size', 'bigint', { isNullable: true }),
          col('error', 'varchar', { length: '200', isNullable: true }),
          col('claimed_by', 'varchar', { length: '64', isNullable: true }),
          col('heartbeat_at', 'bigint', { isNullable: true }),
          col('attempts', 'int', { default: 0 }),
          col('created_at', 'bigint'),
          col('finished_at', 'bigint', { isNullable: true }),
        ],
      }),
    );
    await runner.createIndex('fuel_export_task', new TableIndex({ name: 'ix_fuel_export_task_owner', columnNames: ['owner_id', 'id'] }));
    await runner.createIndex('fuel_export_task', new TableIndex({ name: 'ix_fuel_export_task_status', columnNames: ['task_status'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('fuel_export_task', true);
  }
}
