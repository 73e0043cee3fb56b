import { isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const DAY_COLUMNS = ['driving_s', 'idle_s', 'stop_count', 'trip_count', 'max_speed_dkmh', 'overspeed_count', 'overspeed_s', 'fuel_used_dl'];

/**
 * The reports' data: daily_mileage grows into the day statistics of a terminal (driving and idle
 * time, stops, trips, top speed, overspeed, fuel), and online_session keeps every online spell of
 * a terminal with why it ended, for the online rate and online duration. export_task is the durable
 * job table of the offline download tasks (any tracking instance claims a task; see ExportTaskRunner).
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
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE export_task');
    await runner.query('DROP TABLE online_session');
    await runner.query(`DROP INDEX daily_mileage_vehicle_day${isSqlite(runner) ? '' : ' ON daily_mileage'}`);
    for (const column of DAY_COLUMNS) await runner.query(`ALTER TABLE daily_mileage DROP COLUMN ${column}`);
  }
}
