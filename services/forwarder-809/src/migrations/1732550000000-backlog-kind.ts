import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The backlog also keeps alarms (0x1402) raised while no link was up: a row says what it holds. */
export class BacklogKind1732550000000 implements MigrationInterface {
  name = 'BacklogKind1732550000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('forward_backlog', new TableColumn({ name: 'kind', type: 'varchar', length: '8', default: "'position'" }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('forward_backlog', 'kind');
  }
}
