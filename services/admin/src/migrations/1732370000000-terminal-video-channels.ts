import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** The JT/T 1078 video channel count of a terminal (0: no video device), so the live screen knows its channels. */
export class TerminalVideoChannels1732370000000 implements MigrationInterface {
  name = 'TerminalVideoChannels1732370000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('terminal', new TableColumn(column('video_channels:int=0')));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('terminal', 'video_channels');
  }
}
