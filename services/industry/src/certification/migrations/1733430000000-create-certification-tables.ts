import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateCertificationTables1733430000000 implements MigrationInterface {
  name = 'CreateCertificationTables1733430000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'certification_test',
        columns: [
          autoIncrementId(runner),
          requiredText('vehicle_id', 32),
          text('plate_code', 32),
          text('vin', 17),
          text('terminal_phone', 20),
          requiredText('standard', 8),
          col('duration_s', 'int'),
          col('started_at', 'bigint'),
          col('ends_at', 'bigint'),
          col('finished_at', 'bigint', { isNullable: true }),
          text('status', 8, "'running'"),
          col('progress', 'text'),
          col('settings', 'text'),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('created_by', 64),
          text('remark', 255),
          { name: 'certificate_no', type: 'varchar', length: '32', isNullable: true },
          col('updated_at', 'bigint'),
        ],
      }),
    );
    // The monitor reads the running tests every second; the lists filter by start time.
    await runner.createIndex('certification_test', new TableIndex({ name: 'ix_certification_status', columnNames: ['status', 'ends_at'] }));
    await runner.createIndex('certification_test', new TableIndex({ name: 'ix_certification_started', columnNames: ['started_at'] }));
    await runner.createIndex('certification_test', new TableIndex({ name: 'ix_certification_certificate', columnNames: ['certificate_no'], isUnique: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('certification_test');
  }
}
