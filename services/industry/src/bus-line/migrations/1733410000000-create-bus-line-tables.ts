import { autoIncrementId, col, requiredText } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateBusLineTables1733410000000 implements MigrationInterface {
  name = 'CreateBusLineTables1733410000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'bus_line',
        columns: [
          autoIncrementId(runner),
          requiredText('code', 32),
          requiredText('name', 64),
          requiredText('company_id', 32),
          requiredText('company_path', 255),
          col('fleet_path', 'varchar', { length: '255', default: "''" }),
          col('scheduled_headway_s', 'int', { isNullable: true }),
          col('up_stops', 'text'),
          col('down_stops', 'text'),
          col('created_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('bus_line', new TableIndex({ name: 'ux_bus_line_code', columnNames: ['company_id', 'code'], isUnique: true }));
    await runner.createTable(
      new Table({ name: 'bus_line_vehicle', columns: [{ ...requiredText('vehicle_id', 32), isPrimary: true }, col('line_id', 'bigint'), requiredText('direction', 4)] }),
    );
    await runner.createIndex('bus_line_vehicle', new TableIndex({ name: 'ix_bus_line_vehicle_line', columnNames: ['line_id'] }));
    await runner.createTable(
      new Table({
        name: 'bus_stop_event',
        columns: [
          autoIncrementId(runner),
          requiredText('event_key', 96),
          col('line_id', 'bigint'),
          requiredText('vehicle_id', 32),
          requiredText('plate_code', 32),
          requiredText('company_path', 255),
          requiredText('fleet_path', 255),
          requiredText('direction', 4),
          col('seq', 'int'),
          requiredText('stop_id', 32),
          requiredText('stop_name', 64),
          col('arrived_at', 'bigint'),
          col('departed_at', 'bigint', { isNullable: true }),
          col('dwell_s', 'double', { isNullable: true }),
          col('skipped', 'int'),
        ],
      }),
    );
    await runner.createIndex('bus_stop_event', new TableIndex({ name: 'ux_bus_stop_event_key', columnNames: ['event_key'], isUnique: true }));
    await runner.createIndex('bus_stop_event', new TableIndex({ name: 'ix_bus_stop_event_line', columnNames: ['line_id', 'arrived_at'] }));
    await runner.createTable(
      new Table({
        name: 'bus_segment_time',
        columns: [
          { ...col('line_id', 'bigint'), isPrimary: true },
          { ...requiredText('direction', 4), isPrimary: true },
          { ...requiredText('kind', 8), isPrimary: true },
          { ...col('seq', 'int'), isPrimary: true },
          { ...requiredText('vehicle_id', 32), isPrimary: true },
          { ...col('started_at', 'bigint'), isPrimary: true },
          col('duration_s', 'double'),
        ],
      }),
    );
    await runner.createIndex('bus_segment_time', new TableIndex({ name: 'ix_bus_segment_time_start', columnNames: ['line_id', 'started_at'] }));
    await runner.createTable(
      new Table({ name: 'bus_vehicle_state', columns: [{ ...requiredText('vehicle_id', 32), isPrimary: true }, col('line_id', 'bigint'), col('state', 'text'), col('updated_at', 'bigint')] }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['bus_vehicle_state', 'bus_segment_time', 'bus_stop_event', 'bus_line_vehicle', 'bus_line']) await runner.dropTable(table, true);
  }
}
