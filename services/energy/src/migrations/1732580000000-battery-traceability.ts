import { autoIncrementId, col } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

const varchar = (name: string, length: number, fallback?: string): TableColumnOptions => col(name, 'varchar', { length: String(length), ...(fallback !== undefined ? { default: `'${fallback}'` } : {}) });

/** Battery traceability: models, packs, modules and each pack's after-sale, recovery and retirement steps. */
export class BatteryTraceability1732580000000 implements MigrationInterface {
  name = 'BatteryTraceability1732580000000';

  async up(runner: QueryRunner): Promise<void> {
    const owned = (): TableColumnOptions[] => [autoIncrementId(runner), varchar('company_id', 32), varchar('company_path', 255), col('updated_at', 'bigint')];
    await runner.createTable(
      new Table({
        name: 'battery_model',
        columns: [
          ...owned(), varchar('model_code', 32), varchar('name', 64), col('chemistry', 'int'), col('rated_capacity_ah', 'double'), col('rated_voltage_v', 'double'),
          col('rated_energy_kwh', 'double'), col('cell_count', 'int'), varchar('manufacturer', 64, ''),
        ],
        indices: [{ name: 'ux_battery_model_code', columnNames: ['model_code'], isUnique: true }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_pack',
        columns: [
          ...owned(), varchar('pack_code', 24), varchar('model_code', 32), varchar('producer', 64), varchar('produced_on', 10), varchar('batch', 32, ''), varchar('vin', 17, ''),
          varchar('installed_on', 10, ''), col('state', 'int'), varchar('remark', 255, ''),
        ],
        indices: [{ name: 'ux_battery_pack_code', columnNames: ['pack_code'], isUnique: true }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_module',
        columns: [...owned(), varchar('module_code', 24), varchar('pack_code', 24), col('cell_count', 'int'), varchar('produced_on', 10), col('state', 'int'), varchar('remark', 255, '')],
        indices: [{ name: 'ux_battery_module_code', columnNames: ['module_code'], isUnique: true }, { name: 'ix_battery_module_pack', columnNames: ['pack_code'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_record',
        columns: [
          ...owned(), varchar('kind', 20), varchar('pack_code', 24), varchar('happened_on', 10), varchar('party', 64, ''), col('residual_capacity_pct', 'double', { isNullable: true }),
          col('destination', 'int', { default: 0 }), varchar('reason', 255, ''), varchar('operator', 32, ''),
        ],
        indices: [{ name: 'ix_battery_record_pack', columnNames: ['pack_code', 'happened_on'] }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['battery_record', 'battery_module', 'battery_pack', 'battery_model']) await runner.dropTable(table);
  }
}
