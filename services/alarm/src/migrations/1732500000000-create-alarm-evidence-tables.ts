import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Active-safety evidence: the alarms asked to upload (0x9208) and their files. */
export class CreateAlarmEvidenceTables1732500000000 implements MigrationInterface {
  name = 'CreateAlarmEvidenceTables1732500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'alarm_evidence',
        columns: [
          { name: 'alarm_number', type: 'varchar', length: '32', isPrimary: true },
          col('alarm_id', 'bigint'),
          text('terminal_phone', 20),
          text('company_path', 255),
          text('fleet_path', 255),
          col('expected', 'int'),
          col('identification', 'text'),
          col('requested_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('alarm_evidence', new TableIndex({ name: 'ix_alarm_evidence_alarm', columnNames: ['alarm_id'] }));
    await runner.createTable(
      new Table({
        name: 'alarm_attachment',
        columns: [
          autoIncrementId(runner),
          text('alarm_number', 32),
          col('alarm_id', 'bigint'),
          text('name', 64),
          col('file_type', 'int', { default: 4 }),
          col('size', 'bigint'),
          col('ranges', 'text'),
          col('status', 'int', { default: 0 }),
          text('storage_key', 255),
          text('company_path', 255),
          text('fleet_path', 255),
          col('created_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('alarm_attachment', new TableIndex({ name: 'ux_alarm_attachment_file', columnNames: ['alarm_number', 'name'], isUnique: true }));
    await runner.createIndex('alarm_attachment', new TableIndex({ name: 'ix_alarm_attachment_alarm', columnNames: ['alarm_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('alarm_attachment');
    await runner.dropTable('alarm_evidence');
  }
}
