import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/** Columns every record table has (see VehicleRecordColumns). */
function recordColumns(runner: QueryRunner): TableColumnOptions[] {
  return [
    autoIncrementId(runner),
    requiredText('vehicle_id', 32),
    text('plate_code', 32),
    text('company_id', 32),
    text('company_path', 255),
    text('fleet_path', 255),
    text('remark', 255),
    col('attachment_count', 'int', { default: 0 }),
    text('created_by', 32),
    col('created_at', 'bigint'),
    col('updated_at', 'bigint'),
  ];
}

const nullableText = (name: string, length: number) => col(name, 'varchar', { length: String(length), isNullable: true });

/** The five record kinds of spec §3 and their attachments; each list is read by vehicle and main date, or by scope path. */
export class CreateRecordTables1733200000000 implements MigrationInterface {
  name = 'CreateRecordTables1733200000000';

  async up(runner: QueryRunner): Promise<void> {
    const tables: { name: string; mainDate: string; columns: TableColumnOptions[] }[] = [
      {
        name: 'insurance_record',
        mainDate: 'end_date',
        columns: [requiredText('policy_no', 64), col('insurance_type', 'int'), text('insurer', 64), col('premium', 'double', { default: 0 }), col('insured_amount', 'double', { default: 0 }), requiredText('start_date', 10), requiredText('end_date', 10)],
      },
      {
        name: 'maintenance_record',
        mainDate: 'service_date',
        columns: [requiredText('service_date', 10), col('odometer_km', 'double', { default: 0 }), col('fee', 'double', { default: 0 }), text('serviced_by', 64), text('items', 500), col('next_service_km', 'double', { isNullable: true }), nullableText('next_service_date', 10)],
      },
      {
        name: 'inspection_record',
        mainDate: 'inspection_date',
        columns: [text('agent', 64), text('registration_date', 10), requiredText('inspection_date', 10), requiredText('valid_until', 10), col('fee', 'double', { default: 0 })],
      },
      {
        name: 'violation_record',
        mainDate: 'occurred_at',
        columns: [text('driver_id', 32), text('driver_name', 32), requiredText('occurred_at', 19), text('place', 128), text('violation_code', 16), text('act', 255), col('fine_amount', 'double', { default: 0 }), col('points', 'int', { default: 0 }), text('agent', 64), col('handled', 'int', { default: 0 })],
      },
      {
        name: 'accident_record',
        mainDate: 'occurred_at',
        columns: [text('driver_id', 32), text('driver_name', 32), requiredText('occurred_at', 19), text('place', 128), col('nature', 'int'), col('liability', 'int'), col('loss', 'double', { default: 0 }), text('handler', 64), col('status', 'int', { default: 1 }), text('description', 500)],
      },
    ];
    for (const table of tables) {
      await runner.createTable(new Table({ name: table.name, columns: [...recordColumns(runner), ...table.columns] }));
      await runner.createIndex(table.name, new TableIndex({ name: `ix_${table.name}_vehicle`, columnNames: ['vehicle_id', table.mainDate] }));
      await runner.createIndex(table.name, new TableIndex({ name: `ix_${table.name}_company`, columnNames: ['company_id'] }));
    }
    await runner.createTable(
      new Table({
        name: 'record_attachment',
        columns: [
          autoIncrementId(runner),
          requiredText('kind', 16),
          col('record_id', 'bigint'),
          requiredText('file_name', 255),
          requiredText('content_type', 32),
          col('size', 'int'),
          requiredText('stored_key', 128),
          text('created_by', 32),
          col('created_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('record_attachment', new TableIndex({ name: 'ix_record_attachment_record', columnNames: ['kind', 'record_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['record_attachment', 'accident_record', 'violation_record', 'inspection_record', 'maintenance_record', 'insurance_record']) await runner.dropTable(table);
  }
}
