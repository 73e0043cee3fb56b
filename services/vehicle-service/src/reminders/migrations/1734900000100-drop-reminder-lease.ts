import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sweep's own lease table gives way to the shared `sweep_lease` (libs/storage ClusterLease). */
export class DropReminderLease1734900000100 implements MigrationInterface {
  name = 'DropReminderLease1734900000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS reminder_lease');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE reminder_lease (name varchar(32) PRIMARY KEY, owner varchar(64) NOT NULL DEFAULT '', expires_at bigint NOT NULL, last_day varchar(10) NOT NULL DEFAULT '')");
    await runner.query("INSERT INTO reminder_lease (name, owner, expires_at, last_day) VALUES ('daily-sweep', '', 0, '')");
  }
}
