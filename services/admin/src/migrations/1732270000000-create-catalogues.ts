import { autoIncrementId } from '@openfleet/storage';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

const tenant = ['company_id:bigint', 'company_path:varchar(255)'];

const tables: Record<string, string[]> = {
  dictionary_type: ['code:varchar(32)', 'name:varchar(32)', 'remark:varchar(255)?'],
  dictionary_item: ['type_id:bigint', 'label:varchar(64)', 'value:varchar(64)', 'sort:int=0', 'remark:varchar(255)?'],
  manufacturer: [
    'name:varchar(64)', 'number:varchar(5)', 'code:varchar(15)', 'province:varchar(32)?', 'city:varchar(32)?', 'contact:varchar(32)?',
    'mobile:varchar(11)?', 'remark:varchar(255)?',
  ],
  device_model: ['manufacturer_id:bigint', 'model:varchar(32)', 'remark:varchar(255)?'],
  vehicle_brand: ['name:varchar(32)', 'remark:varchar(255)?'],
  car_factory: ['name:varchar(64)', 'code:varchar(32)?', 'address:varchar(128)?', 'contact:varchar(32)?', 'mobile:varchar(11)?', 'remark:varchar(255)?'],
  engine_model: [
    'model:varchar(32)', 'manufacturer:varchar(64)?', 'displacement:varchar(8)?', 'power:int?', 'torque:int?', 'emission_standard:int?',
    'fuel_type:int?', 'remark:varchar(255)?',
  ],
  vehicle_model: ['brand_id:bigint', 'name:varchar(32)', 'engine_model_id:bigint?', 'car_factory_id:bigint?', 'remark:varchar(255)?'],
  fuel_tank: ['name:varchar(32)', 'capacity:int', 'height:int', 'remark:varchar(255)?', ...tenant],
  fuel_tank_calibration: ['tank_id:bigint', 'level:int', 'quantity:double', 'height:int'],
  vehicle_master: ['name:varchar(32)', 'phone:varchar(11)', 'id_card:varchar(18)?', 'address:varchar(128)?', 'remark:varchar(255)?', ...tenant],
};

const indexes: [table: string, columns: string[], unique: boolean][] = [
  ['dictionary_type', ['code'], true],
  ['dictionary_item', ['type_id', 'value'], true],
  ['manufacturer', ['name'], true],
  ['manufacturer', ['number'], true],
  ['manufacturer', ['code'], true],
  ['device_model', ['manufacturer_id', 'model'], true],
  ['vehicle_brand', ['name'], true],
  ['vehicle_model', ['brand_id', 'name'], true],
  ['car_factory', ['name'], true],
  ['car_factory', ['code'], true],
  ['engine_model', ['model'], true],
  ['fuel_tank', ['company_id', 'name'], true],
  ['fuel_tank_calibration', ['tank_id', 'level'], true],
  ['vehicle_master', ['company_id', 'phone'], true],
  ['vehicle_master', ['company_id', 'id_card'], true],
  ['vehicle', ['master_id'], false],
];

/** Catalogues: dictionary, manufacturers and device models, brands and models, car factories, engines, fuel tanks, owners. */
export class CreateCatalogues1732270000000 implements MigrationInterface {
  name = 'CreateCatalogues1732270000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [name, specs] of Object.entries(tables)) {
      await runner.createTable(new Table({ name, columns: [autoIncrementId(runner), ...specs.map(column)] }));
    }
    await runner.addColumn('vehicle', new TableColumn(column('master_id:bigint?')));
    for (const [table, columnNames, isUnique] of indexes) {
      await runner.createIndex(table, new TableIndex({ name: `${isUnique ? 'uq' : 'ix'}_${table}_${columnNames.join('_')}`, columnNames, isUnique }));
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('vehicle', 'ix_vehicle_master_id');
    await runner.dropColumn('vehicle', 'master_id');
    for (const name of Object.keys(tables).reverse()) await runner.dropTable(name);
  }
}
