import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/** Columns every operation table has (see OperationColumns). */
function operationColumns(runner: QueryRunner): TableColumnOptions[] {
  return [
    autoIncrementId(runner),
    requiredText('vehicle_id', 32),
    text('plate_code', 32),
    text('company_id', 32),
    text('company_path', 255),
    text('fleet_path', 255),
    text('remark', 255),
    text('created_by', 32),
    col('created_at', 'bigint'),
    col('updated_at', 'bigint'),
  ];
}

const nullableText = (name: string, length: number) => col(name, 'varchar', { length: String(length), isNullable: true });

/** Operating relations, service terms and their renewals, special business cases and the use state they leave. */
export class CreateOperationTables1733500000000 implements MigrationInterface {
  name = 'CreateOperationTables1733500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'operating_relation',
        columns: [
          ...operationColumns(runner),
          col('relation_type', 'int'),
          text('party_name', 64),
          text('party_phone', 20),
          text('party_id_no', 32),
          text('contract_no', 64),
          nullableText('contract_start', 10),
          nullableText('contract_end', 10),
          col('fee', 'double', { default: 0 }),
        ],
      }),
    );
    // One relation per vehicle.
    await runner.createIndex('operating_relation', new TableIndex({ name: 'ux_operating_relation_vehicle', columnNames: ['vehicle_id'], isUnique: true }));
    await runner.createIndex('operating_relation', new TableIndex({ name: 'ix_operating_relation_end', columnNames: ['contract_end'] }));

    await runner.createTable(
      new Table({
        name: 'service_term',
        columns: [...operationColumns(runner), text('package_name', 64), requiredText('start_date', 10), requiredText('end_date', 10), col('fee', 'double', { default: 0 }), col('paid', 'int', { default: 0 }), col('renewal_count', 'int', { default: 0 })],
      }),
    );
    await runner.createIndex('service_term', new TableIndex({ name: 'ux_service_term_vehicle', columnNames: ['vehicle_id'], isUnique: true }));
    await runner.createIndex('service_term', new TableIndex({ name: 'ix_service_term_end', columnNames: ['end_date'] }));

    await runner.createTable(
      new Table({
        name: 'service_renewal',
        columns: [
          autoIncrementId(runner),
          col('term_id', 'bigint'),
          requiredText('vehicle_id', 32),
          text('package_name', 64),
          requiredText('previous_end', 10),
          requiredText('new_end', 10),
          col('fee', 'double', { default: 0 }),
          col('paid', 'int', { default: 0 }),
          text('remark', 255),
          text('created_by', 32),
          col('created_at', 'bigint'),
        ],
      }),
    );
    await runner.createIndex('service_renewal', new TableIndex({ name: 'ix_service_renewal_term', columnNames: ['term_id'] }));

    await runner.createTable(
      new Table({
        name: 'special_business',
        columns: [
          ...operationColumns(runner),
          col('business_type', 'int'),
          requiredText('applicant', 32),
          text('applicant_phone', 20),
          requiredText('reason', 255),
          requiredText('apply_date', 10),
          requiredText('effective_date', 10),
          nullableText('end_date', 10),
          text('new_owner', 64),
          col('status', 'int', { default: 0 }),
          text('reviewed_by', 32),
          text('review_comment', 255),
          col('reviewed_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('special_business', new TableIndex({ name: 'ix_special_business_vehicle', columnNames: ['vehicle_id', 'apply_date'] }));

    await runner.createTable(
      new Table({
        name: 'vehicle_use_state',
        columns: [{ ...requiredText('vehicle_id', 32), isPrimary: true }, col('use_state', 'int'), col('business_id', 'bigint'), col('updated_at', 'bigint')],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['vehicle_use_state', 'special_business', 'service_renewal', 'service_term', 'operating_relation']) await runner.dropTable(table);
  }
}
