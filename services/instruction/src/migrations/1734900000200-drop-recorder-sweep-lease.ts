import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The recorder sweep's own lease table gives way to the shared `sweep_lease` (libs/storage ClusterLease). */
export class DropRecorderSweepLease1734900000200 implements MigrationInterface {
  name = 'DropRecorderSweepLease1734900000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS recorder_sweep_lease');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE recorder_sweep_lease (name VARCHAR(32) NOT NULL PRIMARY KEY, owner VARCHAR(64) NOT NULL, expires_at BIGINT NOT NULL, last_day VARCHAR(10) NOT NULL)");
    await runner.query("INSERT INTO recorder_sweep_lease (name, owner, expires_at, last_day) VALUES ('daily', '', 0, '')");
  }
}
