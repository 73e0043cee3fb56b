import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The progress of the fold each row was written from, so a write from a member that no longer owns
 * the terminal (its batch committed after the partition moved on) cannot replace a newer row: a
 * vehicle_state or daily_mileage upsert applies only when its progress is not behind the stored one
 * (see LiveStateService.persist). Rows stored before start at 0: the next write applies.
 */
export class StateProgressFence1732800000000 implements MigrationInterface {
  name = 'StateProgressFence1732800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE vehicle_state ADD COLUMN latest_gps_time BIGINT NOT NULL DEFAULT 0');
    await runner.query('ALTER TABLE vehicle_state ADD COLUMN heard_ms BIGINT NOT NULL DEFAULT 0');
    await runner.query('ALTER TABLE daily_mileage ADD COLUMN last_gps_time BIGINT NOT NULL DEFAULT 0');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE daily_mileage DROP COLUMN last_gps_time');
    await runner.query('ALTER TABLE vehicle_state DROP COLUMN heard_ms');
    await runner.query('ALTER TABLE vehicle_state DROP COLUMN latest_gps_time');
  }
}
