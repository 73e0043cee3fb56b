import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** vgPower's single-vehicle grants (issue 28): the vehicle ids a user sees besides their fleets, comma separated. */
export class UserVehicleGrants1734750000000 implements MigrationInterface {
  name = 'UserVehicleGrants1734750000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('app_user', new TableColumn(column('vehicle_ids:text?')));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('app_user', 'vehicle_ids');
  }
}
