import { autoIncrementId, col, requiredText, text } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/** Battery traceability: models, packs, modules and each pack's after-sale, recovery and retirement steps. */
export class BatteryTraceability1732580000000 implements MigrationInterface {
  name = 'BatteryTraceability1732580000000';

  async up(runner: QueryRunner): Promise<void> {
    const owned = (): TableColumnOptions[] => [autoIncrementId(runner), requiredText('company_id', 32), requiredText('company_path', 255), col('updated_at', 'bigint')];
    await runner.createTable(
      new Table({
        name: 'battery_model',
        columns: [
          ...owned(), requiredText('model_code', 32), requiredText('name', 64), col('chemistry', 'int'), col('rated_capacity_ah', 'double'), col('rated_voltage_v', 'double'),
          col('rated_energy_kwh', 'double'), col('cell_count', 'int'), text('manufacturer', 64),
        ],
        indices: [{ name: 'ux_battery_model_code', columnNames: ['model_code'], isUnique: true }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_pack',
        columns: [
          ...owned(), requiredText('pack_code', 24), requiredText('model_code', 32), requiredText('producer', 64), requiredText('produced_on', 10), text('batch', 32), text('vin', 17),
          text('installed_on', 10), col('state', 'int'), text('remark', 255),
        ],
        indices: [{ name: 'ux_battery_pack_code', columnNames: ['pack_code'], isUnique: true }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_module',
        columns: [...owned(), requiredText('module_code', 24), requiredText('pack_code', 24), col('cell_count', 'int'), requiredText('produced_on', 10), col('state', 'int'), text('remark', 255)],
        indices: [{ name: 'ux_battery_module_code', columnNames: ['module_code'], isUnique: true }, { name: 'ix_battery_module_pack', columnNames: ['pack_code'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'battery_record',
        columns: [
          ...owned(), requiredText('kind', 20), requiredText('pack_code', 24), requiredText('happened_on', 10), text('party', 64), col('residual_capacity_pct', 'double', { isNullable: true }),
          col('destination', 'int', { default: 0 }), text('reason', 255), text('operator', 32),
        ],
        indices: [{ name: 'ix_battery_record_pack', columnNames: ['pack_code', 'happened_on'] }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['battery_record', 'battery_module', 'battery_pack', 'battery_model']) await runner.dropTable(table);
  }
}
