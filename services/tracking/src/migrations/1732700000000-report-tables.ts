import { isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const DAY_COLUMNS = [
  'driving_s', 'idle_s', 'stop_count', 'trip_count', 'max_speed_dkmh', 'overspeed_count', 'overspeed_s', 'fuel_used_dl',
  'harsh_accel_count', 'harsh_brake_count', 'harsh_turn_count', 'fatigue_count', 'night_driving_s',
];

/**
 * The reports' data: daily_mileage grows into the day statistics of a terminal (driving and idle
 * time, stops, trips, top speed, overspeed, fuel), and online_session keeps every online spell of
 * a terminal with why it ended, for the online rate and online duration. export_task is the durable
 * job table of the offline download tasks (any tracking instance claims a task; see ExportTaskRunner).
 * driver_record, power_record and can_frame keep what terminals upload besides positions (driver
 * identity, external power, CAN frames); can_signal is the CAN signal table they are decoded with.
 */
export class ReportTables1732700000000 implements MigrationInterface {
  name = 'ReportTables1732700000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    for (const column of DAY_COLUMNS) await runner.query(`ALTER TABLE daily_mileage ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
    await runner.query(`CREATE INDEX daily_mileage_vehicle_day ON daily_mileage (vehicle_id, day)`);
    await runner.query(`CREATE TABLE online_session (
      id ${sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY'},
      terminal_phone VARCHAR(20) NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      started_at BIGINT NOT NULL,
      ended_at BIGINT NULL,
      end_cause VARCHAR(16) NULL
    )`);
    await runner.query('CREATE INDEX online_session_vehicle ON online_session (vehicle_id, started_at)');
    await runner.query('CREATE INDEX online_session_open ON online_session (terminal_phone, ended_at)');
    await runner.query(`CREATE TABLE export_task (
      id ${sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY'},
      owner_id VARCHAR(32) NOT NULL,
      kind VARCHAR(16) NOT NULL,
      title VARCHAR(100) NOT NULL,
      params TEXT NOT NULL,
      task_status SMALLINT NOT NULL,
      download_status SMALLINT NOT NULL,
      progress SMALLINT NOT NULL DEFAULT 0,
      row_count INTEGER NOT NULL DEFAULT 0,
      file_key VARCHAR(200) NULL,
      file_size BIGINT NULL,
      error VARCHAR(200) NULL,
      attempts SMALLINT NOT NULL DEFAULT 0,
      claimed_by VARCHAR(64) NULL,
      heartbeat_at BIGINT NULL,
      created_at BIGINT NOT NULL,
      finished_at BIGINT NULL,
      expires_at BIGINT NULL
    )`);
    await runner.query('CREATE INDEX export_task_owner ON export_task (owner_id, created_at)');
    await runner.query('CREATE INDEX export_task_status ON export_task (task_status, heartbeat_at)');
    // Records terminals upload besides positions (see records/terminal-records.ingest.ts).
    await runner.query(`CREATE TABLE driver_record (
      terminal_phone VARCHAR(20) NOT NULL,
      at BIGINT NOT NULL,
      source VARCHAR(8) NOT NULL,
      event SMALLINT NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      ic_result SMALLINT NULL,
      name VARCHAR(64) NULL,
      licence VARCHAR(40) NULL,
      issuer VARCHAR(128) NULL,
      expiry VARCHAR(10) NULL,
      id_card VARCHAR(20) NULL,
      received_at BIGINT NOT NULL,
      PRIMARY KEY (terminal_phone, at, source, event)
    )`);
    await runner.query('CREATE INDEX driver_record_vehicle ON driver_record (vehicle_id, at)');
    await runner.query(`CREATE TABLE power_record (
      terminal_phone VARCHAR(20) NOT NULL,
      at BIGINT NOT NULL,
      event SMALLINT NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      received_at BIGINT NOT NULL,
      PRIMARY KEY (terminal_phone, at, event)
    )`);
    await runner.query('CREATE INDEX power_record_vehicle ON power_record (vehicle_id, at)');
    await runner.query(`CREATE TABLE can_frame (
      terminal_phone VARCHAR(20) NOT NULL,
      at BIGINT NOT NULL,
      seq INTEGER NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      can_id BIGINT NOT NULL,
      data CHAR(16) NOT NULL,
      PRIMARY KEY (terminal_phone, at, seq)
    )`);
    await runner.query('CREATE INDEX can_frame_vehicle ON can_frame (vehicle_id, at)');
    await runner.query(`CREATE TABLE can_signal (
      id ${sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY'},
      name VARCHAR(64) NOT NULL,
      bus_id BIGINT NOT NULL,
      start_bit SMALLINT NOT NULL,
      bit_length SMALLINT NOT NULL,
      byte_order VARCHAR(8) NOT NULL,
      is_signed SMALLINT NOT NULL,
      factor DOUBLE PRECISION NOT NULL,
      value_offset DOUBLE PRECISION NOT NULL,
      unit VARCHAR(16) NOT NULL DEFAULT '',
      updated_at BIGINT NOT NULL
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['can_signal', 'can_frame', 'power_record', 'driver_record', 'export_task']) await runner.query(`DROP TABLE ${table}`);
    await runner.query('DROP TABLE online_session');
    await runner.query(`DROP INDEX daily_mileage_vehicle_day${isSqlite(runner) ? '' : ' ON daily_mileage'}`);
    for (const column of DAY_COLUMNS) await runner.query(`ALTER TABLE daily_mileage DROP COLUMN ${column}`);
  }
}
