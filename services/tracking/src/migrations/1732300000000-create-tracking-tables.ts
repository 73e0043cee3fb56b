import { initialPartitionClause, isSqlite } from '@openfleet/storage';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// track_point is written with raw multi-row INSERTs (see track-point.writer.ts) and, on MySQL,
// partitioned by day on gps_time, which TypeORM's schema builder cannot express: hence plain SQL.
// The primary key (terminal, gps time, sequence) is also the idempotency key of the ingest.
export class CreateTrackingTables1732300000000 implements MigrationInterface {
  name = 'CreateTrackingTables1732300000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    const unsigned = sqlite ? '' : ' UNSIGNED';
    await runner.query(`CREATE TABLE track_point (
      terminal_phone VARCHAR(20) NOT NULL,
      gps_time INTEGER${unsigned} NOT NULL,
      sequence INTEGER NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      received_at BIGINT NOT NULL,
      latitude_e6 INTEGER NOT NULL,
      longitude_e6 INTEGER NOT NULL,
      map_latitude_e6 INTEGER NOT NULL,
      map_longitude_e6 INTEGER NOT NULL,
      altitude_m INTEGER NULL,
      speed_dkmh INTEGER NULL,
      recorded_speed_dkmh INTEGER NULL,
      direction SMALLINT NOT NULL,
      alarm_flags BIGINT NOT NULL,
      status_flags BIGINT NOT NULL,
      mileage_hm INTEGER NULL,
      fuel_dl INTEGER NULL,
      acc_state SMALLINT NOT NULL,
      lifting_state SMALLINT NULL,
      load_condition SMALLINT NULL,
      open_cap_state SMALLINT NULL,
      blind_area SMALLINT NOT NULL,
      quality SMALLINT NOT NULL,
      extras TEXT NULL,
      PRIMARY KEY (terminal_phone, gps_time, sequence)
    )${sqlite ? '' : ` ENGINE=InnoDB ${initialPartitionClause({ table: 'track_point', column: 'gps_time', unitsPerSecond: 1 }, Date.now())}`}`);
    await runner.query(`CREATE TABLE vehicle_state (
      terminal_phone VARCHAR(20) NOT NULL PRIMARY KEY,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      state TEXT NOT NULL,
      updated_at BIGINT NOT NULL
    )`);
    await runner.query(`CREATE TABLE daily_mileage (
      terminal_phone VARCHAR(20) NOT NULL,
      day CHAR(10) NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      mileage_m INTEGER NOT NULL,
      odometer_start_hm INTEGER NULL,
      odometer_end_hm INTEGER NULL,
      computed_m INTEGER NOT NULL,
      points INTEGER NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (terminal_phone, day)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE daily_mileage');
    await runner.query('DROP TABLE vehicle_state');
    await runner.query('DROP TABLE track_point');
  }
}
