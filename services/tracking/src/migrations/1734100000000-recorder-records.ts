import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * recorder_record keeps the GB/T 19056 blocks of 0x0700 answers that driver_record and
 * power_record do not (00H-11H, 14H, 15H): one row per record at its own time, or per header
 * answer at the time it was received, its parsed fields as JSON. The key makes redelivery harmless.
 */
export class RecorderRecords1734100000000 implements MigrationInterface {
  name = 'RecorderRecords1734100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE recorder_record (
      terminal_phone VARCHAR(20) NOT NULL,
      command SMALLINT NOT NULL,
      at BIGINT NOT NULL,
      seq SMALLINT NOT NULL,
      vehicle_id VARCHAR(32) NOT NULL DEFAULT '',
      data TEXT NOT NULL,
      received_at BIGINT NOT NULL,
      PRIMARY KEY (terminal_phone, command, at, seq)
    )`);
    await runner.query('CREATE INDEX recorder_record_vehicle ON recorder_record (vehicle_id, command, at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE recorder_record');
  }
}
