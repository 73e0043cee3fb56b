import { autoIncrementId } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** System events, searched newest first and by event. */
export class CreateSystemLog1732290000000 implements MigrationInterface {
  name = 'CreateSystemLog1732290000000';

  async up(runner: QueryRunner): Promise<void> {
    const columns = [
      'level:varchar(8)', 'event:varchar(32)', 'message:varchar(255)', 'detail:varchar(1000)=', 'company_id:bigint?', 'company_path:varchar(255)=',
      'source:varchar(64)=', 'created_at:bigint',
    ];
    await runner.createTable(new Table({ name: 'system_log', columns: [autoIncrementId(runner), ...columns.map(column)] }));
    await runner.createIndex('system_log', new TableIndex({ name: 'ix_system_log_created_at', columnNames: ['created_at'] }));
    await runner.createIndex('system_log', new TableIndex({ name: 'ix_system_log_event', columnNames: ['event'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('system_log');
  }
}
