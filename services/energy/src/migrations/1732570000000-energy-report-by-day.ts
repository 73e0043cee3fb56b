import { chinaTime, encodeRealtime, type RealtimeUnit } from '@openfleet/gb32960';
import { col, initialPartitionClause, isSqlite } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { ENERGY_REPORT_PARTITIONS } from '../storage/energy-partitions';

const SERIES_DOUBLES = ['soc', 'speed', 'voltage', 'current', 'max_cell_v', 'min_cell_v', 'max_temp', 'min_temp'];
const SERIES_INTS = ['charge_state', 'max_cell_no', 'min_cell_no', 'max_temp_probe', 'min_temp_probe', 'alarm_level'];

// energy_report replaces energy_realtime: day-partitioned on MySQL (which TypeORM's schema builder
// cannot express: hence plain SQL), the data unit kept as received instead of decoded JSON, the
// alarm flags in a column. Rows of energy_realtime are carried over, their units re-encoded.
export class EnergyReportByDay1732570000000 implements MigrationInterface {
  name = 'EnergyReportByDay1732570000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(runner);
    const columns = [
      'vin VARCHAR(17) NOT NULL',
      'collected_at BIGINT NOT NULL',
      'vehicle_id VARCHAR(32) NOT NULL',
      'received_at BIGINT NOT NULL',
      'reissued INTEGER NOT NULL DEFAULT 0',
      ...SERIES_DOUBLES.map((name) => `${name} DOUBLE NULL`),
      ...SERIES_INTS.map((name) => `${name} INTEGER NULL`),
      'alarm_flags BIGINT NULL',
      'data TEXT NOT NULL',
      'PRIMARY KEY (vin, collected_at)',
    ];
    await runner.query(`CREATE TABLE energy_report (${columns.join(', ')})${sqlite ? '' : ` ENGINE=InnoDB ${initialPartitionClause(ENERGY_REPORT_PARTITIONS, Date.now())}`}`);
    await runner.createIndex('energy_report', new TableIndex({ name: 'ix_energy_report_vehicle_time', columnNames: ['vehicle_id', 'collected_at'] }));
    await runner.createTable(
      new Table({
        name: 'energy_vehicle_state',
        columns: [
          { name: 'vin', type: 'varchar', length: '17', isPrimary: true },
          { name: 'vehicle_id', type: 'varchar', length: '32' },
          col('collected_at', 'bigint'),
          ...['soc', 'voltage', 'current', 'speed', 'latitude', 'longitude'].map((name) => col(name, 'double', { isNullable: true })),
          ...['charge_state', 'alarm_level'].map((name) => col(name, 'int', { isNullable: true })),
          col('open_alarms', 'text'),
        ],
        indices: [{ name: 'ix_energy_state_vehicle', columnNames: ['vehicle_id'] }],
      }),
    );
    await this.carryOver(runner);
    await runner.dropTable('energy_realtime');
  }

  /** The reports of energy_realtime, their decoded units encoded back into a data unit. */
  private async carryOver(runner: QueryRunner): Promise<void> {
    const kept = [...SERIES_DOUBLES, ...SERIES_INTS];
    for (let offset = 0; ; offset += 1000) {
      const rows: Record<string, unknown>[] = await runner.query(`SELECT vin, collected_at, vehicle_id, received_at, reissued, ${kept.join(', ')}, units FROM energy_realtime ORDER BY vin, collected_at LIMIT 1000 OFFSET ${offset}`);
      for (const row of rows) {
        // JSON kept a vendor unit's Buffer as {type: 'Buffer', data: [...]}.
        const units = JSON.parse(String(row.units), (key, value: unknown) => (key === 'raw' && value && typeof value === 'object' && 'data' in value ? Buffer.from((value as { data: number[] }).data) : value)) as RealtimeUnit[];
        const data = encodeRealtime({ time: chinaTime(Number(row.collected_at)), units }).toString('base64');
        const flags = units.find((unit): unit is Extract<RealtimeUnit, { type: 0x07 }> => 'alarms' in unit)?.alarms.flags ?? null;
        const values = [row.vin, row.collected_at, row.vehicle_id, row.received_at, row.reissued, ...kept.map((name) => row[name] ?? null), flags, data];
        await runner.query(`INSERT INTO energy_report (vin, collected_at, vehicle_id, received_at, reissued, ${kept.join(', ')}, alarm_flags, data) VALUES (${values.map(() => '?').join(', ')})`, values);
      }
      if (rows.length < 1000) return;
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('energy_vehicle_state');
    await runner.dropTable('energy_report');
  }
}
