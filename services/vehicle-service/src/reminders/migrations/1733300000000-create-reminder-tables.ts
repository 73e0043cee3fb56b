import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const nullable = (name: string, type: string, length?: number) => col(name, type, { isNullable: true, ...(length ? { length: String(length) } : {}) });

/** Reminders (unique per record, kind and threshold), per-company settings, the sweep's lease, daily mileage. */
export class CreateReminderTables1733300000000 implements MigrationInterface {
  name = 'CreateReminderTables1733300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'reminder',
        columns: [
          autoIncrementId(runner),
          requiredText('kind', 16),
          col('record_id', 'bigint'),
          requiredText('threshold', 16),
          requiredText('vehicle_id', 32),
          text('plate_code', 32),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          nullable('due_date', 'varchar', 10),
          nullable('days_left', 'int'),
          nullable('service_interval_km', 'double'),
          nullable('mileage_since_service_km', 'double'),
          nullable('predicted_due_date', 'varchar', 10),
          col('status', 'int', { default: 0 }),
          col('created_at', 'bigint'),
          nullable('read_at', 'bigint'),
          nullable('done_at', 'bigint'),
          text('handled_by', 32),
          text('sweep_id', 36),
        ],
      }),
    );
    await runner.createIndex('reminder', new TableIndex({ name: 'ux_reminder_once', columnNames: ['kind', 'record_id', 'threshold'], isUnique: true }));
    await runner.createIndex('reminder', new TableIndex({ name: 'ix_reminder_sweep', columnNames: ['sweep_id'] }));
    await runner.createIndex('reminder', new TableIndex({ name: 'ix_reminder_status', columnNames: ['status', 'kind'] }));
    await runner.createIndex('reminder', new TableIndex({ name: 'ix_reminder_vehicle', columnNames: ['vehicle_id', 'created_at'] }));
    await runner.createTable(
      new Table({
        name: 'reminder_settings',
        columns: [
          { name: 'company_id', type: 'varchar', length: '32', isPrimary: true },
          col('insurance', 'int', { default: 1 }),
          col('inspection', 'int', { default: 1 }),
          col('maintenance', 'int', { default: 1 }),
          requiredText('days_before', 32),
          col('overdue', 'int', { default: 1 }),
          col('maintenance_margin_km', 'int', { default: 500 }),
          text('role_ids', 1000),
          text('updated_by', 32),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'reminder_lease',
        columns: [{ name: 'name', type: 'varchar', length: '32', isPrimary: true }, text('owner', 64), col('expires_at', 'bigint'), text('last_day', 10)],
      }),
    );
    // The row exists from the start: taking the lease is then always an UPDATE, never a racing INSERT.
    await runner.query("INSERT INTO reminder_lease (name, owner, expires_at, last_day) VALUES ('daily-sweep', '', 0, '')");
    await runner.createTable(
      new Table({
        name: 'reminder_vehicle_mileage',
        columns: [{ name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true }, { name: 'day', type: 'varchar', length: '10', isPrimary: true }, col('km', 'double', { default: 0 })],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['reminder_vehicle_mileage', 'reminder_lease', 'reminder_settings', 'reminder']) await runner.dropTable(table);
  }
}
