import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/** The columns a day and a trip share (what was burnt, refuelled and lost, and the CAN counter). */
function tallyColumns(): TableColumnOptions[] {
  return [
    text('plate_code', 32),
    text('company_id', 32),
    text('company_path', 255),
    text('fleet_path', 255),
    col('first_l', 'double'),
    col('last_l', 'double'),
    col('refuelled_l', 'double', { default: 0 }),
    col('loss_l', 'double', { default: 0 }),
    col('distance_km', 'double', { default: 0 }),
    col('can_first_l', 'double', { isNullable: true }),
    col('can_last_l', 'double', { isNullable: true }),
    col('ended_at', 'bigint'),
  ];
}

export class CreateFuelTables1733290000000 implements MigrationInterface {
  name = 'CreateFuelTables1733290000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'fuel_event',
        columns: [
          autoIncrementId(runner),
          requiredText('event_key', 96),
          requiredText('vehicle_id', 32),
          text('plate_code', 32),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          requiredText('kind', 8),
          col('started_at', 'bigint'),
          col('ended_at', 'bigint'),
          col('amount_l', 'double'),
          col('litres_before', 'double'),
          col('litres_after', 'double'),
          col('latitude', 'double'),
          col('longitude', 'double'),
          col('while_stopped', 'int'),
        ],
      }),
    );
    await runner.createIndex('fuel_event', new TableIndex({ name: 'ux_fuel_event_key', columnNames: ['event_key'], isUnique: true }));
    await runner.createIndex('fuel_event', new TableIndex({ name: 'ix_fuel_event_vehicle', columnNames: ['vehicle_id', 'ended_at'] }));
    await runner.createIndex('fuel_event', new TableIndex({ name: 'ix_fuel_event_ended', columnNames: ['ended_at'] }));
    await runner.createTable(
      new Table({
        name: 'fuel_level',
        columns: [
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'at', type: 'bigint', isPrimary: true },
          col('litres', 'double'),
        ],
      }),
    );
    await runner.createTable(
      new Table({ name: 'fuel_day', columns: [{ name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true }, { name: 'day', type: 'varchar', length: '10', isPrimary: true }, ...tallyColumns()] }),
    );
    await runner.createIndex('fuel_day', new TableIndex({ name: 'ix_fuel_day_day', columnNames: ['day'] }));
    await runner.createTable(
      new Table({ name: 'fuel_trip', columns: [{ name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true }, { name: 'started_at', type: 'bigint', isPrimary: true }, ...tallyColumns()] }),
    );
    await runner.createTable(
      new Table({
        name: 'fuel_vehicle_state',
        columns: [{ name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true }, col('state', 'text'), col('updated_at', 'bigint')],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'fuel_settings',
        columns: [
          { name: 'company_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'vehicle_type', type: 'int', isPrimary: true },
          col('thresholds', 'text'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['fuel_settings', 'fuel_vehicle_state', 'fuel_trip', 'fuel_day', 'fuel_level', 'fuel_event']) await runner.dropTable(table, true);
  }
}
