import { autoIncrementId, col, isSqlite, requiredText, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateWaybillTables1733420000000 implements MigrationInterface {
  name = 'CreateWaybillTables1733420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'waybill',
        columns: [
          autoIncrementId(runner),
          requiredText('shipper', 64),
          text('shipper_phone', 20),
          requiredText('consignee', 64),
          text('consignee_phone', 20),
          requiredText('goods', 128),
          col('weight_kg', 'int', { default: 0 }),
          col('dangerous_class', 'int', { default: 0 }),
          col('origin', 'text'),
          col('destination', 'text'),
          col('via', 'text'),
          col('planned_depart_at', 'bigint'),
          col('planned_arrive_at', 'bigint'),
          requiredText('vehicle_id', 32),
          text('driver_id', 32),
          text('driver_name', 32),
          text('remark', 255),
          text('company_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('status', 16, "'planned'"),
          col('late', 'int', { default: 0 }),
          col('seen_at_origin', 'int', { default: 0 }),
          col('departed_at', 'bigint', { isNullable: true }),
          col('arrived_at', 'bigint', { isNullable: true }),
          text('send_request_id', 64),
          col('send_status', 'int', { isNullable: true }),
          col('send_error_code', 'int', { default: 0 }),
          col('sent_at', 'bigint', { isNullable: true }),
          col('created_at', 'bigint'),
          col('updated_at', 'bigint'),
        ],
      }),
    );
    // The tracker reads a batch's vehicles' open waybills; the list filters by plan time.
    await runner.createIndex('waybill', new TableIndex({ name: 'ix_waybill_vehicle_status', columnNames: ['vehicle_id', 'status'] }));
    await runner.createIndex('waybill', new TableIndex({ name: 'ix_waybill_depart', columnNames: ['planned_depart_at'] }));
    await runner.createIndex('waybill', new TableIndex({ name: 'ix_waybill_send_request', columnNames: ['send_request_id'] }));
    await runner.createTable(
      new Table({
        name: 'waybill_upload',
        columns: [
          autoIncrementId(runner),
          requiredText('terminal_phone', 20),
          col('serial', 'int'),
          col('received_at', 'bigint'),
          text('vehicle_id', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          text('driver_name', 32),
          text('driver_licence', 40),
          col('length', 'int'),
          // A subpackaged 0x0701 can exceed MySQL's 64 KB text.
          col('content_text', isSqlite(runner) ? 'text' : 'mediumtext'),
          col('content_hex', isSqlite(runner) ? 'text' : 'mediumtext'),
        ],
      }),
    );
    await runner.createIndex('waybill_upload', new TableIndex({ name: 'ux_waybill_upload_frame', columnNames: ['terminal_phone', 'serial', 'received_at'], isUnique: true }));
    await runner.createIndex('waybill_upload', new TableIndex({ name: 'ix_waybill_upload_vehicle', columnNames: ['vehicle_id', 'received_at'] }));
    await runner.createTable(
      new Table({
        name: 'waybill_driver_card',
        columns: [
          { name: 'terminal_phone', type: 'varchar', length: '20', isPrimary: true },
          text('name', 32),
          text('licence', 40),
          col('at', 'bigint'),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('waybill_driver_card');
    await runner.dropTable('waybill_upload');
    await runner.dropTable('waybill');
  }
}
