import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The platform rules' accumulators per terminal (RuleStateStore), so a restart or a rebalance continues them. */
export class AlarmRuleState1734900000300 implements MigrationInterface {
  name = 'AlarmRuleState1734900000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE alarm_rule_state (terminal_phone VARCHAR(20) NOT NULL PRIMARY KEY, state VARCHAR(400) NOT NULL, updated_at BIGINT NOT NULL)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE alarm_rule_state');
  }
}
