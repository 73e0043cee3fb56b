// `npm run bench:reminders`: the reminders' daily sweep over 100,000 records (40,000 insurance
// policies, 30,000 annual inspections, 30,000 services with 10 days of mileage each): the first
// sweep (every crossed threshold inserted, once) and the steady state (a second sweep that finds
// everything already there and inserts nothing). The vehicle-service runs in this process with the
// in-process bus, on SQLite (default) or MariaDB (BENCH_DB=mysql). Goal: a sweep in <= 2 s.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { loadavg } = require('node:os');
const { createConnection } = require('mysql2/promise');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics, chinaDate } = require('@openfleet/contracts');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { VehicleServiceModule } = require('@openfleet/vehicle-service');
const { ReminderSweep } = require('@openfleet/vehicle-service/dist/reminders/reminder-sweep.service');
const { machineLine } = require('./machine');
const { mysql, run, dropSchemas, runMain } = require('./bench-kit');

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ENGINE = process.env.BENCH_DB === 'mysql' ? 'mysql' : 'sqlite';
const DAY_MS = 86_400_000;

let seed = 29;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const day = (offset) => chinaDate(Date.now() + offset * DAY_MS);

const COMMON = ['vehicle_id', 'plate_code', 'company_id', 'company_path', 'fleet_path', 'created_at', 'updated_at'];

/** Multi-row INSERTs of 500 rows in one transaction (the bench's own seeding, not the service's path). */
async function insert(dataSource, table, columns, rows) {
  await dataSource.transaction(async (manager) => {
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      await manager.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${chunk.map(() => `(${columns.map(() => '?').join(',')})`).join(',')}`, chunk.flat());
    }
  });
}

async function main() {
  const prefix = `openfleet_bench_reminders_${run}_`;
  const env = {
    LOG_LEVEL: 'silent', DB_ENGINE: ENGINE, DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-bench-reminders-')), REMINDER_SWEEP_ENABLED: 'false',
    MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix,
    AUTH_JWT_SECRET: 'bench-reminders-0123456789-0123456789-012345',
  };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-reminders', config: loadConfig(PlatformConfig, env), bus, env }), VehicleServiceModule] }, { logger: false });
  await app.init();
  const insurances = Math.round(RECORDS * 0.4);
  const inspections = Math.round(RECORDS * 0.3);
  const services = RECORDS - insurances - inspections;
  const vehicles = Math.max(insurances, inspections, services);
  const now = Date.now();
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: vehicles }, (_, i) => ({ key: `v${i}`, value: { vehicleId: `v${i}`, plateCode: `京R${i}`, plateColor: 1, vin: '', companyId: String(1 + (i % 20)), companyPath: ['0', String(1 + (i % 20))], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } })));

  const dataSource = app.get(getDataSourceToken('vehicle_service'));
  const common = (i) => [`v${i}`, `京R${i}`, String(1 + (i % 20)), `/0/${1 + (i % 20)}/`, '/', now, now];
  // Due dates spread over -60 .. +300 days: about a sixth falls inside some threshold.
  const spread = () => Math.floor(random() * 360) - 60;
  await insert(dataSource, 'insurance_record', [...COMMON, 'policy_no', 'insurance_type', 'start_date', 'end_date'], Array.from({ length: insurances }, (_, i) => [...common(i), `P${i}`, 1, day(-300), day(spread())]));
  await insert(dataSource, 'inspection_record', [...COMMON, 'inspection_date', 'valid_until'], Array.from({ length: inspections }, (_, i) => [...common(i), day(-300), day(spread())]));
  await insert(dataSource, 'maintenance_record', [...COMMON, 'service_date', 'odometer_km', 'next_service_km', 'next_service_date'], Array.from({ length: services }, (_, i) => [...common(i), day(-10), 50_000, 65_000, day(spread())]));
  const mileage = [];
  for (let i = 0; i < services; i++) for (let d = -10; d < 0; d++) mileage.push([`v${i}`, day(d), Math.round(random() * 3000) / 10]);
  await insert(dataSource, 'reminder_vehicle_mileage', ['vehicle_id', 'day', 'km'], mileage);

  const sweep = app.get(ReminderSweep);
  const cpuS = (used) => (used.user + used.system) / 1e6;
  const measure = async () => {
    const cpu = process.cpuUsage();
    const outcome = await sweep.sweep();
    return { ...outcome, cpuS: cpuS(process.cpuUsage(cpu)) };
  };
  const loadBefore = loadavg()[0];
  const first = await measure();
  const second = await measure();
  await app.close();
  if (ENGINE === 'mysql') {
    const connection = await createConnection(mysql);
    await dropSchemas(connection, prefix, ['vehicle_service']);
    await connection.end();
  }

  const row = (label, outcome) =>
    `| ${label} | ${(outcome.ms / 1000).toFixed(2)} s wall, ${outcome.cpuS.toFixed(2)} CPU-s (${outcome.items.toLocaleString('en')} due items, ${outcome.created.length.toLocaleString('en')} reminders inserted) | <= 2 s |`;
  console.log('');
  console.log(`| reminder sweep over ${RECORDS.toLocaleString('en')} records (${ENGINE}) | result | goal |`);
  console.log('|---|---|---|');
  console.log(row('first sweep: every crossed threshold inserted', first));
  console.log(row('second sweep: nothing new (steady state, every day after)', second));
  console.log('');
  // The machine is shared: the 1-minute load before and after the sweeps says how far to trust the wall time.
  console.log(`${machineLine()}; load average ${loadBefore.toFixed(1)} before the sweeps, ${loadavg()[0].toFixed(1)} after`);
  console.log(`vehicle-service on ${ENGINE} with the in-process bus in this process; ${mileage.length.toLocaleString('en')} daily mileage rows; the time includes reading the records, the settings, the mileage, writing and reading back the reminders and publishing them.`);
}

runMain(main);
