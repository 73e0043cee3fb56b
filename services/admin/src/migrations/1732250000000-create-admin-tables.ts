import { autoIncrementId } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

type Kind = 'bigint' | 'int' | 'text' | `varchar(${number})`;

/** `name:kind[?]` -> column; `?` marks nullable, `=x` a default. */
function column(spec: string): TableColumnOptions {
  const [head, fallback] = spec.split('=');
  const nullable = head.endsWith('?');
  const [name, kind] = head.replace('?', '').split(':') as [string, Kind];
  const varchar = /^varchar\((\d+)\)$/.exec(kind);
  return {
    name,
    type: varchar ? 'varchar' : kind,
    ...(varchar ? { length: varchar[1] } : {}),
    isNullable: nullable,
    ...(fallback !== undefined ? { default: kind === 'int' || kind === 'bigint' ? fallback : `'${fallback}'` } : {}),
  };
}

const tables: Record<string, string[]> = {
  company: [
    'name:varchar(64)', 'code:varchar(32)?', 'short_name:varchar(32)?', 'org_code:varchar(32)?', 'legal_person:varchar(32)?',
    'phone:varchar(20)?', 'address:varchar(128)?', 'business_types:varchar(32)=', 'map_type:int=3', 'parent_id:bigint?',
    'company_path:varchar(255)', 'created_at:bigint',
  ],
  fleet: ['name:varchar(64)', 'company_id:bigint', 'company_path:varchar(255)', 'parent_id:bigint?', 'fleet_path:varchar(255)', 'depth:int', 'created_at:bigint'],
  app_user: [
    'account:varchar(32)', 'name:varchar(32)', 'password_hash:varchar(255)', 'user_type:int', 'company_id:bigint', 'company_path:varchar(255)',
    'phone:varchar(11)?', 'email:varchar(64)?', 'gender:int?', 'remark:varchar(255)?', 'fleet_ids:varchar(255)=', 'status:int=1',
    'failed_logins:int=0', 'last_failed_at:bigint=0', 'locked_until:bigint=0', 'created_at:bigint',
  ],
  role: ['name:varchar(32)', 'description:varchar(255)?', 'company_id:bigint', 'company_path:varchar(255)', 'role_type:int', 'action_codes:text', 'updated_at:bigint'],
  refresh_session: ['user_id:bigint', 'token_hash:varchar(64)', 'expires_at:bigint', 'revoked:int=0', 'created_at:bigint'],
  vehicle: [
    'plate_code:varchar(16)', 'plate_color:int', 'vin:varchar(32)?', 'vehicle_type:int', 'company_id:bigint', 'company_path:varchar(255)',
    'fleet_id:bigint?', 'fleet_path:varchar(255)=', 'terminal_id:bigint?', 'driver_id:bigint?', 'engine_no:varchar(32)?', 'owner_name:varchar(32)?',
    'owner_phone:varchar(11)?', 'brand:varchar(32)?', 'model:varchar(32)?', 'fuel_type:int?', 'updated_at:bigint',
  ],
  terminal: [
    'terminal_code:varchar(7)', 'terminal_phone:varchar(20)', 'manufacturer:varchar(64)?', 'model:varchar(32)?', 'protocol_version:varchar(8)=2019',
    'company_id:bigint', 'company_path:varchar(255)', 'vehicle_id:bigint?', 'registration_state:int=0', 'auth_code:varchar(64)=', 'updated_at:bigint',
  ],
  sim_card: ['number:varchar(20)', 'operator:int', 'city:varchar(32)?', 'company_id:bigint', 'company_path:varchar(255)', 'terminal_id:bigint?'],
  driver: [
    'name:varchar(32)', 'licence_no:varchar(32)', 'qualification_no:varchar(32)?', 'certification_authority:varchar(64)?', 'expires_on:varchar(10)?',
    'native_place:varchar(64)?', 'phone:varchar(11)?', 'company_id:bigint', 'company_path:varchar(255)', 'fleet_id:bigint?', 'fleet_path:varchar(255)=',
  ],
};

const indexes: [table: string, columns: string[], unique: boolean][] = [
  ['company', ['name'], true],
  ['company', ['parent_id'], false],
  ['fleet', ['company_id', 'name'], true],
  ['app_user', ['account'], true],
  ['app_user', ['company_id'], false],
  ['role', ['company_id', 'name'], true],
  ['refresh_session', ['token_hash'], true],
  ['vehicle', ['plate_code', 'plate_color'], true],
  ['vehicle', ['company_id'], false],
  ['vehicle', ['fleet_id'], false],
  ['terminal', ['terminal_phone'], true],
  ['sim_card', ['number'], true],
  ['driver', ['licence_no'], true],
];

/** Every admin table (companies, fleets, users, roles, sessions, menus, vehicles, terminals, SIM cards, drivers). */
export class CreateAdminTables1732250000000 implements MigrationInterface {
  name = 'CreateAdminTables1732250000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [name, specs] of Object.entries(tables)) {
      await runner.createTable(new Table({ name, columns: [autoIncrementId(runner), ...specs.map(column)] }));
    }
    await runner.createTable(
      new Table({
        name: 'user_role',
        columns: [
          { name: 'user_id', type: 'bigint', isPrimary: true },
          { name: 'role_id', type: 'bigint', isPrimary: true },
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'menu',
        columns: [
          { name: 'id', type: 'bigint', isPrimary: true },
          ...['parent_id:bigint?', 'label:varchar(64)', 'href:varchar(128)=', 'icon:varchar(64)=', 'sort:int=0', 'node_type:int', 'action_code:varchar(64)='].map(column),
        ],
      }),
    );
    for (const [table, columnNames, isUnique] of indexes) {
      await runner.createIndex(table, new TableIndex({ name: `${isUnique ? 'uq' : 'ix'}_${table}_${columnNames.join('_')}`, columnNames, isUnique }));
    }
    await runner.createIndex('user_role', new TableIndex({ name: 'ix_user_role_role_id', columnNames: ['role_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const name of ['menu', 'user_role', ...Object.keys(tables).reverse()]) await runner.dropTable(name);
  }
}
