import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateAlarmTables1732420000000 implements MigrationInterface {
  name = 'CreateAlarmTables1732420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'alarm',
        columns: [
          autoIncrementId(runner),
          text('alarm_key', 128),
          text('type', 32),
          col('bit', 'int', { default: -1 }),
          col('level', 'int'),
          text('source', 10),
          text('terminal_phone', 20),
          text('vehicle_id', 32),
          text('plate_code', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          col('started_at', 'bigint'),
          col('ended_at', 'bigint', { default: 0 }),
          col('last_at', 'bigint'),
          col('latitude', 'double'),
          col('longitude', 'double'),
          col('speed_kmh', 'double', { default: 0 }),
          col('max_speed_kmh', 'double', { default: 0 }),
          col('blind_area', 'int', { default: 0 }),
          col('detail', 'text', { isNullable: true }),
          col('handle_status', 'int', { default: 0 }),
          col('handle_result', 'int', { default: 0 }),
          text('handle_remark', 255),
          text('handler_id', 32),
          col('handled_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('alarm', new TableIndex({ name: 'ux_alarm_key', columnNames: ['alarm_key'], isUnique: true }));
    await runner.createIndex('alarm', new TableIndex({ name: 'ix_alarm_started', columnNames: ['started_at'] }));
    await runner.createIndex('alarm', new TableIndex({ name: 'ix_alarm_vehicle', columnNames: ['vehicle_id', 'started_at'] }));
    await runner.createIndex('alarm', new TableIndex({ name: 'ix_alarm_open', columnNames: ['ended_at', 'terminal_phone'] }));
    await runner.createTable(
      new Table({
        name: 'alarm_rule',
        columns: [
          { name: 'company_id', type: 'varchar', length: '32', isPrimary: true },
          col('overspeed_kmh', 'int', { default: 0 }),
          col('overspeed_s', 'int', { default: 0 }),
          col('fatigue_drive_s', 'int', { default: 0 }),
          col('fatigue_rest_s', 'int', { default: 0 }),
          text('night_start', 5),
          text('night_end', 5),
          col('offline_s', 'int', { default: 0 }),
          col('stopped_s', 'int', { default: 0 }),
          col('updated_at', 'bigint'),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('alarm_rule');
    await runner.dropTable('alarm');
  }
}
