import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Rules per vehicle type (the key becomes company + vehicle type) and the per-type alarm configuration. */
export class AlarmConfigByType1732510000000 implements MigrationInterface {
  name = 'AlarmConfigByType1732510000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('alarm_rule', new TableColumn({ name: 'vehicle_type', type: 'int', default: 0, isNullable: false }));
    if (runner.connection.options.type === 'mysql') {
      await runner.updatePrimaryKeys('alarm_rule', [
        new TableColumn({ name: 'company_id', type: 'varchar', length: '32', isPrimary: true }),
        new TableColumn({ name: 'vehicle_type', type: 'int', default: 0, isPrimary: true }),
      ]);
    } else {
      // TypeORM's SQLite runner keeps the old key here: rebuild the table with the new one.
      const columns = 'company_id, overspeed_kmh, overspeed_s, fatigue_drive_s, fatigue_rest_s, night_start, night_end, offline_s, stopped_s, updated_at, vehicle_type';
      await runner.query(`CREATE TABLE "alarm_rule_by_type" ("company_id" varchar(32) NOT NULL, "overspeed_kmh" int NOT NULL DEFAULT (0), "overspeed_s" int NOT NULL DEFAULT (0), "fatigue_drive_s" int NOT NULL DEFAULT (0), "fatigue_rest_s" int NOT NULL DEFAULT (0), "night_start" varchar(5) NOT NULL DEFAULT (''), "night_end" varchar(5) NOT NULL DEFAULT (''), "offline_s" int NOT NULL DEFAULT (0), "stopped_s" int NOT NULL DEFAULT (0), "updated_at" bigint NOT NULL, "vehicle_type" int NOT NULL DEFAULT (0), PRIMARY KEY ("company_id", "vehicle_type"))`);
      await runner.query(`INSERT INTO "alarm_rule_by_type" (${columns}) SELECT ${columns} FROM "alarm_rule"`);
      await runner.query('DROP TABLE "alarm_rule"');
      await runner.query('ALTER TABLE "alarm_rule_by_type" RENAME TO "alarm_rule"');
    }
    await runner.createTable(
      new Table({
        name: 'alarm_type_config',
        columns: [
          { name: 'company_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'type', type: 'varchar', length: '32', isPrimary: true },
          { name: 'level', type: 'int' },
          { name: 'push', type: 'int', default: 1 },
          { name: 'sound', type: 'int', default: 0 },
          { name: 'needs_handling', type: 'int', default: 1 },
          { name: 'updated_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('alarm_type_config');
    await runner.updatePrimaryKeys('alarm_rule', [new TableColumn({ name: 'company_id', type: 'varchar', length: '32', isPrimary: true })]);
    await runner.dropColumn('alarm_rule', 'vehicle_type');
  }
}
