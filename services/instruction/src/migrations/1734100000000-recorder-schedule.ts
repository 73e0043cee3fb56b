import { isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily GB/T 19056 collection (drivingRecord): recorder_schedule holds the chosen command words
 * per company (vehicle_id '') or per vehicle; recorder_sweep_lease lets one instance of the
 * cluster run the day's sweep (its row exists from here on, so taking it is always an UPDATE).
 */
export class RecorderSchedule1734100000000 implements MigrationInterface {
  name = 'RecorderSchedule1734100000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    await runner.query(`CREATE TABLE recorder_schedule (
      id ${sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY'},
      company_id VARCHAR(32) NOT NULL,
      company_path VARCHAR(255) NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      words VARCHAR(64) NOT NULL,
      max_blocks INTEGER NOT NULL,
      enabled SMALLINT NOT NULL,
      updated_by VARCHAR(32) NOT NULL DEFAULT '',
      updated_at BIGINT NOT NULL
    )`);
    await runner.query('CREATE UNIQUE INDEX recorder_schedule_target ON recorder_schedule (company_id, vehicle_id)');
    await runner.query(`CREATE TABLE recorder_sweep_lease (
      name VARCHAR(32) NOT NULL PRIMARY KEY,
      owner VARCHAR(64) NOT NULL,
      expires_at BIGINT NOT NULL,
      last_day VARCHAR(10) NOT NULL
    )`);
    await runner.query("INSERT INTO recorder_sweep_lease (name, owner, expires_at, last_day) VALUES ('daily', '', 0, '')");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE recorder_sweep_lease');
    await runner.query('DROP TABLE recorder_schedule');
  }
}
