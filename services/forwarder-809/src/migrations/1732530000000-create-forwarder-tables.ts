import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateForwarderTables1732530000000 implements MigrationInterface {
  name = 'CreateForwarderTables1732530000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'upper_platform',
        columns: [
          autoIncrementId(runner),
          text('company_id', 32),
          text('company_path', 255),
          text('name', 64),
          text('edition', 4),
          text('main_ip', 64),
          col('main_port', 'int'),
          text('slave_ip', 64),
          col('slave_port', 'int'),
          col('user_id', 'bigint'),
          text('password_sealed', 255),
          col('access_code', 'bigint'),
          text('platform_code', 11),
          col('m1', 'bigint', { default: 0 }),
          col('ia1', 'bigint', { default: 0 }),
          col('ic1', 'bigint', { default: 0 }),
          col('encrypt', 'int', { default: 0 }),
          col('keep_alive_s', 'int', { default: 60 }),
          col('auto_reconnect', 'int', { default: 1 }),
          col('enabled', 'int', { default: 1 }),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'forward_target',
        columns: [
          { name: 'platform_id', type: 'bigint', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '8', isPrimary: true },
          { name: 'ref_id', type: 'varchar', length: '32', isPrimary: true },
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'forward_backlog',
        columns: [autoIncrementId(runner), col('platform_id', 'bigint'), text('vehicle_no', 32), col('vehicle_color', 'int'), col('position', 'text'), col('gps_time_s', 'bigint')],
      }),
    );
    await runner.createIndex('forward_backlog', new TableIndex({ name: 'ix_backlog_platform', columnNames: ['platform_id', 'id'] }));
    await runner.createTable(
      new Table({
        name: 'duty_check',
        columns: [
          autoIncrementId(runner),
          col('platform_id', 'bigint'),
          text('company_path', 255),
          col('info_id', 'bigint'),
          col('object_type', 'int'),
          text('object_id', 20),
          text('question', 1024),
          col('source_serial', 'bigint', { default: 0 }),
          col('received_at', 'bigint'),
          col('deadline_at', 'bigint'),
          col('status', 'int', { default: 0 }),
          text('answer', 1024),
          text('answered_by', 64),
          col('answered_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('duty_check', new TableIndex({ name: 'ix_duty_check_received', columnNames: ['received_at'] }));
    await runner.createTable(
      new Table({
        name: 'alarm_supervision',
        columns: [
          autoIncrementId(runner),
          col('platform_id', 'bigint'),
          text('company_path', 255),
          col('supervision_id', 'bigint'),
          text('vehicle_no', 32),
          col('vehicle_color', 'int'),
          col('warn_src', 'int'),
          col('warn_type', 'int'),
          col('warn_time', 'bigint'),
          col('deadline_at', 'bigint'),
          col('level', 'int'),
          text('supervisor', 32),
          text('supervisor_tel', 32),
          text('supervisor_email', 64),
          col('received_at', 'bigint'),
          col('status', 'int', { default: 0 }),
          col('result', 'int', { default: 0 }),
          text('answered_by', 64),
          col('answered_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('alarm_supervision', new TableIndex({ name: 'ix_supervision_received', columnNames: ['received_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['alarm_supervision', 'duty_check', 'forward_backlog', 'forward_target', 'upper_platform']) await runner.dropTable(table);
  }
}
