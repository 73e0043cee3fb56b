import { autoIncrementId, col, text } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Snapshots, recording downloads and per-day traffic of the video service. */
export class CreateVideoTables1732710000000 implements MigrationInterface {
  name = 'CreateVideoTables1732710000000';

  async up(runner: QueryRunner): Promise<void> {
    const scope = [text('vehicle_id', 32), text('plate_code', 32), text('company_path', 255), text('fleet_path', 255)];
    await runner.createTable(
      new Table({
        name: 'video_snapshot',
        columns: [autoIncrementId(runner), ...scope, col('channel', 'int'), col('size', 'int'), text('path', 255), text('content_type', 32), text('taken_by', 64), col('taken_at', 'bigint')],
      }),
    );
    await runner.createIndex('video_snapshot', new TableIndex({ name: 'ix_video_snapshot_taken', columnNames: ['taken_at'] }));
    await runner.createTable(
      new Table({
        name: 'video_download',
        columns: [
          autoIncrementId(runner),
          ...scope,
          text('terminal_phone', 20),
          col('channel', 'int'),
          text('start_time', 19),
          text('end_time', 19),
          col('media_type', 'int', { default: 0 }),
          col('stream_type', 'int', { default: 0 }),
          col('storage_type', 'int', { default: 0 }),
          col('status', 'int', { default: 0 }),
          col('expected_size', 'bigint', { default: 0 }),
          col('received_size', 'bigint', { default: 0 }),
          text('ftp_user', 32),
          text('ftp_password', 64),
          text('path', 255),
          text('file_name', 128),
          text('request_id', 64),
          col('upload_serial', 'int', { default: 0 }),
          col('error_code', 'int', { default: 0 }),
          text('created_by', 64),
          col('created_at', 'bigint'),
          col('finished_at', 'bigint', { default: 0 }),
        ],
      }),
    );
    await runner.createIndex('video_download', new TableIndex({ name: 'ix_video_download_created', columnNames: ['created_at'] }));
    await runner.createIndex('video_download', new TableIndex({ name: 'ux_video_download_ftp_user', columnNames: ['ftp_user'], isUnique: true }));
    await runner.createTable(
      new Table({
        name: 'video_flux',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'channel', type: 'int', isPrimary: true },
          text('plate_code', 32),
          text('company_path', 255),
          text('fleet_path', 255),
          col('bytes', 'bigint', { default: 0 }),
          col('seconds', 'int', { default: 0 }),
          col('sessions', 'int', { default: 0 }),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['video_flux', 'video_download', 'video_snapshot']) await runner.dropTable(table);
  }
}
