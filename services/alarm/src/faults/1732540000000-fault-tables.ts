import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Device and vehicle faults, one row from start to end. */
export class FaultTables1732540000000 implements MigrationInterface {
  name = 'FaultTables1732540000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'fault_record',
        columns: [
          autoIncrementId(runner),
          text('alarm_id', 128),
          text('kind', 32),
          text('source', 10),
          col('bit', 'int', { default: -1 }),
          text('terminal_phone', 20),
          text('vehicle_id', 32),
          text('plate_code', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          col('started_at', 'bigint'),
          col('ended_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('fault_record', new TableIndex({ name: 'ux_fault_record_alarm', columnNames: ['alarm_id'], isUnique: true }));
    await runner.createIndex('fault_record', new TableIndex({ name: 'ix_fault_record_started', columnNames: ['started_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('fault_record');
  }
}
