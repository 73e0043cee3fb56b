import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** What the 808 gateway knows of a terminal's connection (gateway.session.v2): its address, whether it is up, and when. */
export class TerminalSessionAddress1734600000000 implements MigrationInterface {
  name = 'TerminalSessionAddress1734600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('terminal', ['session_ip:varchar(45)?', 'session_port:int?', 'session_online:int=0', 'session_at:bigint=0'].map((spec) => new TableColumn(column(spec))));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const name of ['session_ip', 'session_port', 'session_online', 'session_at']) await runner.dropColumn('terminal', name);
  }
}
