import { col, isSqlite, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Monitoring requests (0x9501-0x9505) owed an answer survive a restart. */
export class CreateMonitoringRequest1732560000000 implements MigrationInterface {
  name = 'CreateMonitoringRequest1732560000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'monitoring_request',
        columns: [
          { name: 'request_id', type: 'varchar', length: '64', isPrimary: true },
          col('platform_id', 'bigint'),
          requiredText('vehicle_no', 32),
          col('vehicle_color', 'int'),
          col('reply_type', 'int'),
          text('terminal_phone', 20),
          col('lens_id', 'int', { default: 0 }),
          col('size_type', 'int', { default: 0 }),
          col('command', 'int', { default: 0 }),
          col('source_data_type', 'int'),
          col('source_msg_sn', 'bigint'),
          col('msg_sequence', 'bigint', { default: 0 }),
          col('expires_at', 'bigint'),
          col('upload_by', 'bigint', { default: 0 }),
          // A held photo answer carries the picture: beyond MySQL's 64 KB TEXT.
          col('reply', isSqlite(runner) ? 'text' : 'mediumtext', { isNullable: true }),
        ],
      }),
    );
    await runner.createIndex('monitoring_request', new TableIndex({ name: 'ix_monitoring_request_platform', columnNames: ['platform_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('monitoring_request');
  }
}
