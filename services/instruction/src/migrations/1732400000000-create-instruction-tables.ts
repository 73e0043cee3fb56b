import { autoIncrementId, col, isSqlite, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateInstructionTables1732400000000 implements MigrationInterface {
  name = 'CreateInstructionTables1732400000000';

  async up(runner: QueryRunner): Promise<void> {
    // Reply bodies (a 0x0104 parameter list, 19056 blocks) exceed MySQL's 64 KB TEXT.
    const big = isSqlite(runner) ? 'text' : 'mediumtext';
    await runner.createTable(
      new Table({
        name: 'instruction_order',
        columns: [
          autoIncrementId(runner),
          text('batch_id', 64),
          text('vehicle_id', 32),
          text('terminal_phone', 20),
          text('plate_code', 32),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('command_type', 32),
          text('msg_id', 6),
          col('params', big),
          col('body', big),
          col('status', 'int', { default: 0 }),
          col('error_code', 'int', { default: 0 }),
          text('offline_policy', 8, "'fail'"),
          col('timeout_ms', 'int', { default: 30000 }),
          col('expire_at', 'bigint', { default: 0 }),
          text('reply_msg_id', 6),
          col('reply_result', 'int', { isNullable: true }),
          col('reply_body', big, { isNullable: true }),
          text('operator_id', 32),
          text('operator_name', 64),
          col('created_at', 'bigint'),
          col('sent_at', 'bigint', { default: 0 }),
          col('reply_at', 'bigint', { default: 0 }),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('instruction_order', new TableIndex({ name: 'ix_instruction_order_status', columnNames: ['status', 'terminal_phone'] }));
    await runner.createIndex('instruction_order', new TableIndex({ name: 'ix_instruction_order_created', columnNames: ['created_at'] }));
    await runner.createIndex('instruction_order', new TableIndex({ name: 'ix_instruction_order_vehicle', columnNames: ['vehicle_id', 'created_at'] }));
    // Orders other services requested are found by their request id (batch_id).
    await runner.createIndex('instruction_order', new TableIndex({ name: 'ix_instruction_order_batch', columnNames: ['batch_id'] }));

    await runner.createTable(
      new Table({
        name: 'media_file',
        columns: [
          autoIncrementId(runner),
          text('terminal_phone', 20),
          text('vehicle_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          col('media_id', 'bigint'),
          col('media_type', 'int'),
          col('format', 'int'),
          col('event', 'int'),
          col('channel', 'int'),
          col('size', 'int'),
          text('path', 255),
          col('latitude', 'double', { default: 0 }),
          col('longitude', 'double', { default: 0 }),
          col('taken_at', 'bigint', { default: 0 }),
          col('received_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('media_file', new TableIndex({ name: 'ux_media_file_upload', columnNames: ['terminal_phone', 'media_id', 'received_at'], isUnique: true }));
    await runner.createIndex('media_file', new TableIndex({ name: 'ix_media_file_received', columnNames: ['received_at'] }));

    await runner.createTable(
      new Table({
        name: 'terminal_parameter_snapshot',
        columns: [
          { name: 'terminal_phone', type: 'varchar', length: '20', isPrimary: true },
          text('vehicle_id', 32),
          col('parameters', big, { isNullable: true }),
          col('parameters_at', 'bigint', { default: 0 }),
          col('attributes', 'text', { isNullable: true }),
          col('attributes_at', 'bigint', { default: 0 }),
        ],
      }),
    );

    await runner.createTable(
      new Table({
        name: 'command_config',
        columns: [
          autoIncrementId(runner),
          text('name', 64),
          text('method', 8, "'POST'"),
          text('url', 255),
          col('params', 'text'),
          text('company_id', 32),
          text('remark', 255),
          col('created_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );

    await runner.createTable(
      new Table({
        name: 'vehicle_limit',
        columns: [
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          col('capable', 'int', { default: 0 }),
          text('auth_phone', 20),
          text('password_hash', 255),
          col('locked', 'int', { default: 0 }),
          text('updated_by', 32),
          col('updated_at', 'bigint'),
        ],
      }),
    );

    await runner.createTable(
      new Table({
        name: 'remote_operation_log',
        columns: [
          autoIncrementId(runner),
          text('vehicle_id', 32),
          text('plate_code', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('operation', 32),
          text('detail', 255),
          col('order_id', 'bigint', { isNullable: true }),
          col('result', 'int', { default: 0 }),
          col('error_code', 'int', { default: 0 }),
          text('operator_id', 32),
          text('operator_name', 64),
          col('created_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('remote_operation_log', new TableIndex({ name: 'ix_remote_operation_log_created', columnNames: ['created_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['remote_operation_log', 'vehicle_limit', 'command_config', 'terminal_parameter_snapshot', 'media_file', 'instruction_order']) await runner.dropTable(table);
  }
}
