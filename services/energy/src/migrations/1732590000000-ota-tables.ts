import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** OTA upgrade packages and one task per vehicle they were sent to. */
export class OtaTables1732590000000 implements MigrationInterface {
  name = 'OtaTables1732590000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'ota_package',
        columns: [
          autoIncrementId(runner), requiredText('company_id', 32), requiredText('company_path', 255), requiredText('name', 64), requiredText('version', 64), col('target_type', 'int'), requiredText('maker_id', 11),
          text('target_models', 255), col('size', 'int'), requiredText('sha256', 64), requiredText('storage_key', 128), requiredText('uploaded_by', 32), col('uploaded_at', 'bigint'),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'ota_task',
        columns: [
          autoIncrementId(runner), col('package_id', 'bigint'), requiredText('request_id', 64), requiredText('vehicle_id', 32), text('plate_code', 32), requiredText('company_path', 255), text('fleet_path', 255),
          col('status', 'int'), col('error_code', 'int', { default: 0 }), requiredText('operator_id', 32), col('created_at', 'bigint'), col('updated_at', 'bigint'),
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
