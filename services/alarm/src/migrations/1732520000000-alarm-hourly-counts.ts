import { isSqlite } from '@openfleet/storage';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

const HOUR_MS = 3_600_000;
const KEY = ['company_path', 'hour', 'type', 'level', 'handle_status'];

/**
 * `alarm_count`: alarms per company, hour of start, type, level and handling status, so the
 * alarm list's total and the badge count 7 days of a large company from a few thousand rows
 * instead of a million (the hours at the window's edges are counted from `alarm` itself).
 * Triggers keep it exact: they run in the statement that inserts, updates or deletes the alarm,
 * so an ignored duplicate insert counts nothing and a handled alarm moves to its new status.
 * `alarm_vehicle`: every (vehicle, plate, company, fleet) an alarm was stored with, so a plate or
 * fleet search finds its vehicles first and then reads only their alarms (a deleted alarm may leave
 * its entry: it only widens that first step).
 */
export class AlarmHourlyCounts1732520000000 implements MigrationInterface {
  name = 'AlarmHourlyCounts1732520000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'alarm_count',
        columns: [
          { name: 'company_path', type: 'varchar', length: '255', isPrimary: true },
          { name: 'hour', type: 'bigint', isPrimary: true },
          { name: 'type', type: 'varchar', length: '32', isPrimary: true },
          { name: 'level', type: 'int', isPrimary: true },
          { name: 'handle_status', type: 'int', isPrimary: true },
          { name: 'n', type: 'int', default: 0 },
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'alarm_vehicle',
        columns: [
          { name: 'vehicle_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'plate_code', type: 'varchar', length: '32', isPrimary: true },
          { name: 'company_path', type: 'varchar', length: '255', isPrimary: true },
          { name: 'fleet_path', type: 'varchar', length: '255', isPrimary: true },
        ],
      }),
    );
    const hourOf = (row: 'NEW' | 'OLD') => (isSqlite(runner) ? `${row}.started_at - ${row}.started_at % ${HOUR_MS}` : `${row}.started_at - MOD(${row}.started_at, ${HOUR_MS})`);
    const values = (row: 'NEW' | 'OLD') => `${row}.company_path, ${hourOf(row)}, ${row}.type, ${row}.level, ${row}.handle_status`;
    const increment = isSqlite(runner)
      ? `INSERT INTO alarm_count (${KEY.join(', ')}, n) VALUES (${values('NEW')}, 1) ON CONFLICT(${KEY.join(', ')}) DO UPDATE SET n = n + 1;`
      : `INSERT INTO alarm_count (${KEY.join(', ')}, n) VALUES (${values('NEW')}, 1) ON DUPLICATE KEY UPDATE n = n + 1;`;
    const seen = `INSERT ${isSqlite(runner) ? 'OR IGNORE' : 'IGNORE'} INTO alarm_vehicle (vehicle_id, plate_code, company_path, fleet_path) VALUES (NEW.vehicle_id, NEW.plate_code, NEW.company_path, NEW.fleet_path);`;
    const decrement = `UPDATE alarm_count SET n = n - 1 WHERE company_path = OLD.company_path AND hour = ${hourOf('OLD')} AND type = OLD.type AND level = OLD.level AND handle_status = OLD.handle_status;`;
    const changed = 'NOT (OLD.company_path = NEW.company_path AND OLD.started_at = NEW.started_at AND OLD.type = NEW.type AND OLD.level = NEW.level AND OLD.handle_status = NEW.handle_status)';
    if (isSqlite(runner)) {
      await runner.query(`CREATE TRIGGER tr_alarm_count_insert AFTER INSERT ON alarm BEGIN ${increment} ${seen} END`);
      await runner.query(`CREATE TRIGGER tr_alarm_count_update AFTER UPDATE OF company_path, started_at, type, level, handle_status ON alarm WHEN ${changed} BEGIN ${decrement} ${increment} END`);
      await runner.query(`CREATE TRIGGER tr_alarm_count_delete AFTER DELETE ON alarm BEGIN ${decrement} END`);
    } else {
      await runner.query(`CREATE TRIGGER tr_alarm_count_insert AFTER INSERT ON alarm FOR EACH ROW BEGIN ${increment} ${seen} END`);
      await runner.query(`CREATE TRIGGER tr_alarm_count_update AFTER UPDATE ON alarm FOR EACH ROW BEGIN IF ${changed} THEN ${decrement} ${increment} END IF; END`);
      await runner.query(`CREATE TRIGGER tr_alarm_count_delete AFTER DELETE ON alarm FOR EACH ROW ${decrement.slice(0, -1)}`);
    }
    await runner.query(
      `INSERT INTO alarm_count (${KEY.join(', ')}, n) SELECT company_path, started_at - ${isSqlite(runner) ? `started_at % ${HOUR_MS}` : `MOD(started_at, ${HOUR_MS})`}, type, level, handle_status, COUNT(*) FROM alarm GROUP BY 1, 2, 3, 4, 5`,
    );
    await runner.query('INSERT INTO alarm_vehicle (vehicle_id, plate_code, company_path, fleet_path) SELECT DISTINCT vehicle_id, plate_code, company_path, fleet_path FROM alarm');
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const trigger of ['tr_alarm_count_insert', 'tr_alarm_count_update', 'tr_alarm_count_delete']) await runner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await runner.dropTable('alarm_vehicle');
    await runner.dropTable('alarm_count');
  }
}
