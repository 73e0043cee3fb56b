import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateFenceTables1732410000000 implements MigrationInterface {
  name = 'CreateFenceTables1732410000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'fence',
        columns: [
          autoIncrementId(runner),
          text('name', 64),
          col('type', 'int'),
          col('geometry', runner.connection.options.type === 'mysql' ? 'mediumtext' : 'text'),
          col('attributes', 'int'),
          text('start_time', 19),
          text('end_time', 19),
          col('max_speed_kmh', 'int', { default: 0 }),
          col('overspeed_duration_s', 'int', { default: 0 }),
          col('night_max_speed_kmh', 'int', { default: 0 }),
          col('max_stay_s', 'int', { default: 0 }),
          col('muck', 'text', { isNullable: true }),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('remark', 255),
          col('version', 'int', { default: 1 }),
          col('created_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('fence', new TableIndex({ name: 'ix_fence_company', columnNames: ['company_id'] }));
    await runner.createTable(
      new Table({
        name: 'fence_binding',
        columns: [
          { name: 'fence_id', type: 'bigint', isPrimary: true },
          { name: 'target_type', type: 'varchar', length: '8', isPrimary: true },
          { name: 'target_id', type: 'varchar', length: '32', isPrimary: true },
          col('created_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('fence_binding', new TableIndex({ name: 'ix_fence_binding_target', columnNames: ['target_type', 'target_id'] }));
    await runner.createTable(
      new Table({
        name: 'fence_issue',
        columns: [
          { name: 'fence_id', type: 'bigint', isPrimary: true },
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          text('state', 10),
          col('issued_version', 'int', { default: 0 }),
          text('request_id', 64),
          col('order_status', 'int', { default: 0 }),
          col('error_code', 'int', { default: 0 }),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('fence_issue', new TableIndex({ name: 'ix_fence_issue_request', columnNames: ['request_id'] }));
    await runner.createTable(
      new Table({
        name: 'fence_vehicle_state',
        columns: [
          { name: 'terminal_phone', type: 'varchar', length: '20', isPrimary: true },
          { name: 'fence_id', type: 'bigint', isPrimary: true },
          col('state', 'text'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'fence_event',
        columns: [
          autoIncrementId(runner),
          text('event_id', 96),
          text('kind', 20),
          col('fence_id', 'bigint'),
          text('fence_name', 64),
          text('vehicle_id', 32),
          text('terminal_phone', 20),
          col('at', 'bigint'),
          col('latitude', 'double'),
          col('longitude', 'double'),
          col('speed_kmh', 'double'),
          col('blind_area', 'int', { default: 0 }),
          col('detail', 'text', { isNullable: true }),
        ],
      }),
    );
    await runner.createIndex('fence_event', new TableIndex({ name: 'ux_fence_event_id', columnNames: ['event_id'], isUnique: true }));
    await runner.createIndex('fence_event', new TableIndex({ name: 'ix_fence_event_vehicle', columnNames: ['vehicle_id', 'at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['fence_event', 'fence_vehicle_state', 'fence_issue', 'fence_binding', 'fence']) await runner.dropTable(table);
  }
}
