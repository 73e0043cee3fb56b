import { col } from '@openfleet/storage';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

// Issue 28 (the fence rpm limit): the spec's fence form has an engine speed limit; 0 is none, so
// every existing fence keeps behaving as before.
const ADDED = [col('rpm_limit', 'int', { default: 0 }), col('over_rpm_duration_s', 'int', { default: 0 })];

export class FenceRpmLimit1734760000000 implements MigrationInterface {
  name = 'FenceRpmLimit1734760000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('fence', ADDED.map((options) => new TableColumn(options)));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { name } of [...ADDED].reverse()) await runner.dropColumn('fence', name);
  }
}
