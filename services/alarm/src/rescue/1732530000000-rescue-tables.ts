import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Collision rescue: the cases (one per collision or rollover alarm) and their timeline. */
export class RescueTables1732530000000 implements MigrationInterface {
  name = 'RescueTables1732530000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'rescue_case',
        columns: [
          autoIncrementId(runner),
          text('alarm_id', 128),
          text('type', 32),
          col('level', 'int'),
          text('terminal_phone', 20),
          text('vehicle_id', 32),
          text('plate_code', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          col('started_at', 'bigint'),
          col('latitude', 'double'),
          col('longitude', 'double'),
          col('speed_kmh', 'double', { default: 0 }),
          col('status', 'int', { default: 0 }),
          col('opened_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('rescue_case', new TableIndex({ name: 'ux_rescue_case_alarm', columnNames: ['alarm_id'], isUnique: true }));
    await runner.createIndex('rescue_case', new TableIndex({ name: 'ix_rescue_case_started', columnNames: ['started_at'] }));
    await runner.createTable(
      new Table({
        name: 'rescue_step',
        columns: [autoIncrementId(runner), col('case_id', 'bigint'), col('status', 'int'), col('from_status', 'int'), text('operator_id', 32), col('at', 'bigint'), text('remark', 255)],
      }),
    );
    await runner.createIndex('rescue_step', new TableIndex({ name: 'ix_rescue_step_case', columnNames: ['case_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('rescue_step');
    await runner.dropTable('rescue_case');
  }
}
