import { autoIncrementId } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** Company announcements (systemNotice), shown on home once published. */
export class SystemNotice1732360000000 implements MigrationInterface {
  name = 'SystemNotice1732360000000';

  async up(runner: QueryRunner): Promise<void> {
    const columns = ['company_id:bigint', 'company_path:varchar(255)', 'title:varchar(100)', 'content:varchar(4000)', 'status:int=0', 'published_at:bigint?', 'author:varchar(32)=', 'updated_at:bigint'];
    await runner.createTable(new Table({ name: 'system_notice', columns: [autoIncrementId(runner), ...columns.map(column)] }));
    await runner.createIndex('system_notice', new TableIndex({ name: 'ix_system_notice_status_path', columnNames: ['status', 'company_path'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('system_notice');
  }
}
