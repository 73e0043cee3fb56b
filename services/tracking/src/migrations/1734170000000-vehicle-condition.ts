import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vehicle condition's newest values (docs/tracking.md, "Vehicle condition"): the 0x0200 extras
 * tracking does not keep in track_point's columns (0x25, 0x2A, 0x2B, 0x30, 0x31), one row per
 * terminal, and the newest CAN frame of every bus id a terminal sends (0x0705), one row per
 * terminal and bus id. Both are written by their own consumer group, not by the position ingest.
 */
export class VehicleCondition1734170000000 implements MigrationInterface {
  name = 'VehicleCondition1734170000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE condition_extras (
      terminal_phone VARCHAR(20) NOT NULL PRIMARY KEY,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      gps_time BIGINT NOT NULL,
      extended_signals BIGINT NULL,
      io_status INTEGER NULL,
      analog_ad0 INTEGER NULL,
      analog_ad1 INTEGER NULL,
      signal_strength SMALLINT NULL,
      satellites SMALLINT NULL
    )`);
    await runner.query(`CREATE TABLE condition_can (
      terminal_phone VARCHAR(20) NOT NULL,
      bus_id BIGINT NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      at BIGINT NOT NULL,
      data CHAR(16) NOT NULL,
      PRIMARY KEY (terminal_phone, bus_id)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE condition_can');
    await runner.query('DROP TABLE condition_extras');
  }
}
