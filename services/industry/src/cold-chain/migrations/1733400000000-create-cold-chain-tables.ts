import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

const key = (name: string, length = 32): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isPrimary: true });
const place = (): TableColumnOptions[] => [text('plate_code', 32), text('company_id', 32), text('company_path', 255), text('fleet_path', 255)];

export class CreateColdChainTables1733400000000 implements MigrationInterface {
  name = 'CreateColdChainTables1733400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({ name: 'cold_chain_profile', columns: [key('profile_id'), text('company_id', 32), requiredText('name', 64), text('terminal_model', 64), text('source', 255), col('fields', 'text'), col('updated_at', 'bigint')] }),
    );
    await runner.createTable(new Table({ name: 'cold_chain_settings', columns: [key('vehicle_id'), text('company_path', 255), text('fleet_path', 255), col('settings', 'text'), col('updated_at', 'bigint')] }));
    await runner.createTable(
      new Table({
        name: 'cold_chain_sample',
        columns: [key('vehicle_id'), { name: 'at', type: 'bigint', isPrimary: true }, col('acc_on', 'int'), col('speed_kmh', 'double'), col('latitude', 'double'), col('longitude', 'double'), col('reading', 'text')],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'cold_chain_latest',
        columns: [key('vehicle_id'), ...place(), col('at', 'bigint'), col('reading', 'text'), col('latitude', 'double'), col('longitude', 'double'), col('speed_kmh', 'double'), text('active', 255), text('profile_id', 32)],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'cold_chain_excursion',
        columns: [
          autoIncrementId(runner),
          requiredText('event_key', 96),
          requiredText('vehicle_id', 32),
          ...place(),
          requiredText('type', 32),
          col('probe', 'int'),
          col('started_at', 'bigint'),
          col('ended_at', 'bigint', { isNullable: true }),
          col('extreme', 'double', { isNullable: true }),
          col('latitude', 'double'),
          col('longitude', 'double'),
        ],
      }),
    );
    await runner.createIndex('cold_chain_excursion', new TableIndex({ name: 'ux_cold_chain_excursion_key', columnNames: ['event_key'], isUnique: true }));
    await runner.createIndex('cold_chain_excursion', new TableIndex({ name: 'ix_cold_chain_excursion_vehicle', columnNames: ['vehicle_id', 'started_at'] }));
    await runner.createIndex('cold_chain_excursion', new TableIndex({ name: 'ix_cold_chain_excursion_started', columnNames: ['started_at'] }));
    await runner.createTable(new Table({ name: 'cold_chain_vehicle_state', columns: [key('vehicle_id'), col('state', 'text'), col('updated_at', 'bigint')] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['cold_chain_vehicle_state', 'cold_chain_excursion', 'cold_chain_latest', 'cold_chain_sample', 'cold_chain_settings', 'cold_chain_profile']) await runner.dropTable(table, true);
  }
}
