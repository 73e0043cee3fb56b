import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

// Issue 28 (management complete): editable menus, and the §3 fields the audit found missing.
const ADDED: Record<string, string[]> = {
  // origin: 0 seeded as is, 1 seeded and edited by an operator, 2 added by an operator; removed: 1 a seeded
  // node an operator deleted (kept so the start-up seed sync neither re-inserts nor overwrites it).
  menu: ['origin:int=0', 'removed:int=0'],
  vehicle: ['registration_state:int?', 'use_state:int?', 'drive_type:int?'],
  terminal: ['hardware_version:varchar(32)?', 'firmware_version:varchar(32)?', 'can_protocol_version:varchar(16)?', 'ip:varchar(45)?', 'port:int?'],
  app_user: ['birth_date:varchar(10)?', 'address:varchar(128)?', 'postal_code:varchar(6)?', 'fax:varchar(20)?', 'id_card:varchar(18)?'],
  company: ['legal_person_id_card:varchar(18)?', 'fax:varchar(20)?', 'postal_code:varchar(6)?', 'logo_key:varchar(128)?'],
};

export class ManagementFields1734300000000 implements MigrationInterface {
  name = 'ManagementFields1734300000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, specs] of Object.entries(ADDED)) await runner.addColumns(table, specs.map((spec) => new TableColumn(column(spec))));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const [table, specs] of Object.entries(ADDED)) for (const spec of specs) await runner.dropColumn(table, spec.split(':')[0]);
  }
}
