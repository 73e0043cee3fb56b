import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** The device id a terminal registered with (0x0100), so another device with the same SIM is refused (0x8100 result 3). */
export class TerminalDeviceId1732320000000 implements MigrationInterface {
  name = 'TerminalDeviceId1732320000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('terminal', new TableColumn(column('device_id:varchar(32)=')));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('terminal', 'device_id');
  }
}
