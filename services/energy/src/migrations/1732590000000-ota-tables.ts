import { autoIncrementId, col } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

const varchar = (name: string, length: number, fallback?: string): TableColumnOptions => col(name, 'varchar', { length: String(length), ...(fallback !== undefined ? { default: `'${fallback}'` } : {}) });

/** OTA upgrade packages and one task per vehicle they were sent to. */
export class OtaTables1732590000000 implements MigrationInterface {
  name = 'OtaTables1732590000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'ota_package',
        columns: [
          autoIncrementId(runner), varchar('company_id', 32), varchar('company_path', 255), varchar('name', 64), varchar('version', 64), col('target_type', 'int'), varchar('maker_id', 11),
          varchar('target_models', 255, ''), col('size', 'int'), varchar('sha256', 64), varchar('storage_key', 128), varchar('uploaded_by', 32), col('uploaded_at', 'bigint'),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'ota_task',
        columns: [
          autoIncrementId(runner), col('package_id', 'bigint'), varchar('request_id', 64), varchar('vehicle_id', 32), varchar('plate_code', 32, ''), varchar('company_path', 255), varchar('fleet_path', 255, ''),
          col('status', 'int'), col('error_code', 'int', { default: 0 }), varchar('operator_id', 32), col('created_at', 'bigint'), col('updated_at', 'bigint'),
        ],
        indices: [{ name: 'ix_ota_task_package', columnNames: ['package_id'] }, { name: 'ux_ota_task_request', columnNames: ['request_id'], isUnique: true }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('ota_task');
    await runner.dropTable('ota_package');
  }
}
