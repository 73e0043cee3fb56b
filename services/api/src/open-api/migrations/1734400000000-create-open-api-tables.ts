import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The open API's own tables (the api service's only storage): app keys; nonces seen within the
 * timestamp window (single use across every api replica); request counters per second and per day.
 */
export class CreateOpenApiTables1734400000000 implements MigrationInterface {
  name = 'CreateOpenApiTables1734400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'open_api_key',
        columns: [
          autoIncrementId(runner), requiredText('app_id', 32), requiredText('company_id', 32), requiredText('name', 64), requiredText('secret_sealed', 255),
          requiredText('apis', 255), text('vehicle_ids', 4000), text('ip_allow_list', 1000), col('rate_per_second', 'int'), col('rate_per_day', 'int'),
          col('expires_at', 'bigint', { isNullable: true }), col('enabled', 'int', { default: 1 }), text('created_by', 32), col('created_at', 'bigint'), col('updated_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('open_api_key', new TableIndex({ name: 'ux_open_api_key_app', columnNames: ['app_id'], isUnique: true }));
    await runner.createIndex('open_api_key', new TableIndex({ name: 'ix_open_api_key_company', columnNames: ['company_id'] }));
    await runner.createTable(
      new Table({ name: 'open_api_nonce', columns: [requiredText('app_id', 32), requiredText('nonce', 64), col('expires_at', 'bigint')].map((column) => ({ ...column, isPrimary: column.name !== 'expires_at' })) }),
    );
    await runner.createIndex('open_api_nonce', new TableIndex({ name: 'ix_open_api_nonce_expires', columnNames: ['expires_at'] }));
    await runner.createTable(
      new Table({ name: 'open_api_usage', columns: [requiredText('app_id', 32), requiredText('window_key', 24), col('count', 'int', { default: 0 }), col('expires_at', 'bigint')].map((column) => ({ ...column, isPrimary: column.name === 'app_id' || column.name === 'window_key' })) }),
    );
    await runner.createIndex('open_api_usage', new TableIndex({ name: 'ix_open_api_usage_expires', columnNames: ['expires_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['open_api_usage', 'open_api_nonce', 'open_api_key']) await runner.dropTable(table);
  }
}
