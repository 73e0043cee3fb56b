import { autoIncrementId } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateOperationLog1732260000000 implements MigrationInterface {
  name = 'CreateOperationLog1732260000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'operation_log',
        columns: [
          autoIncrementId(runner),
          { name: 'user_id', type: 'bigint', isNullable: true },
          { name: 'account', type: 'varchar', length: '32', default: "''" },
          { name: 'company_path', type: 'varchar', length: '255', default: "''" },
          { name: 'method', type: 'varchar', length: '8' },
          { name: 'path', type: 'varchar', length: '255' },
          { name: 'error_code', type: 'int' },
          { name: 'ip', type: 'varchar', length: '64', default: "''" },
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
    await runner.createIndex('operation_log', new TableIndex({ name: 'ix_operation_log_created_at', columnNames: ['created_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('operation_log');
  }
}
