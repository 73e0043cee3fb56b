/* global fetch -- Node 20 built-in */
// `npm run bench:energy` (needs `npm run infra -- up` and MariaDB):
//  1. ingest through real Kafka: VEHICLES simulated EVs in a child process send FRAMES GB/T 32960
//     real-time reports each (96 cells, 48 probes) to the energy service in this process, which
//     answers each once Kafka has it, consumes it back and stores it in MariaDB with the vehicles'
//     state and their battery alarms. Result: reports per energy-service CPU-second.
//  2. history: energy_report holds 10,000,000 reports over 30 days in day partitions (a 30-day
//     deployment); one vehicle-day (8,640 reports) of chart series through HTTP with a real token.
// Topics and schemas carry a prefix of this run. BENCH_KEEP=1 keeps the schema.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { createConnection } = require('mysql2/promise');
const { register } = require('prom-client');
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig, partitionName } = { ...require('@openfleet/service-kit'), ...require('@openfleet/storage') };
const { EnergyModule, Gb32960Server } = require('@openfleet/energy');
const { vinOf } = require('../simulator/sim-ev');
const { machineLine } = require('./machine');
const { brokers, mysql, run, latencyCell, dropSchemas, runMain } = require('./bench-kit');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 200);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 1000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const DAY = 86_400_000;
const PER_DAY = 8640;
const topicPrefix = `benchenergy${run}.`;
const schemaPrefix = `openfleet_bench_energy_${run}_`;
const schema = `${schemaPrefix}energy`;
const log = (line) => process.stderr.write(`${line}\n`);
const cst = (ms) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

const env = {
  LOG_LEVEL: 'silent', BUS: 'kafka', KAFKA_BROKERS: brokers.join(','), BUS_TOPIC_PREFIX: topicPrefix, DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user,
  MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: schemaPrefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, INSTANCE_ID: `bench-energy-${run}`, ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0',
};

async function stored() {
  const metric = register.getSingleMetric('energy_reports_ingested_total');
  return (metric ? (await metric.get()).values[0]?.value : 0) ?? 0;
}

const registryEntry = (i, vin) => ({ key: `bev${i}`, value: { vehicleId: `bev${i}`, plateCode: `京AD${String(i).padStart(5, '0')}`, plateColor: 5, vin, companyId: 'bc', companyPath: ['root', 'bc'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } });

async function ingest(app, bus) {
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: VEHICLES }, (_, i) => registryEntry(i, vinOf(i))));
  const port = app.get(Gb32960Server).port();
  // Warm-up: one vehicle, a few frames, until they are stored (groups joined, registry followed).
  const warm = async (offset) => new Promise((resolve, reject) => execFile(process.execPath, [join(__dirname, 'energy-sender.js'), String(port), '1', '5', String(Date.now() - 2 * DAY), String(offset)], (error, out) => (error ? reject(error) : resolve(JSON.parse(out)))));
  for (let attempt = 0; ; attempt++) {
    const before = await stored();
    const result = await warm(VEHICLES - 1);
    const deadline = Date.now() + 20_000;
    while ((await stored()) < before + result.acked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (result.acked === 5 && (await stored()) >= before + 5) break;
    if (attempt > 20) throw new Error(`warm-up failed: ${JSON.stringify(result)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const before = await stored();
  const total = VEHICLES * FRAMES;
  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the measured window only.
  const profiler = process.env.BENCH_PROFILE ? new (require('node:inspector').Session)() : null;
  const post = (method, params) => new Promise((resolve, reject) => profiler.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  if (profiler) {
    profiler.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sender = new Promise((resolve, reject) => execFile(process.execPath, [join(__dirname, 'energy-sender.js'), String(port), String(VEHICLES), String(FRAMES), String(Date.now() - DAY), '0'], { maxBuffer: 1 << 20 }, (error, out) => (error ? reject(error) : resolve(JSON.parse(out)))));
  const answered = await sender;
  const answeredS = (performance.now() - started) / 1000;
  const deadline = Date.now() + 600_000;
  while ((await stored()) < before + answered.acked) {
    if (Date.now() > deadline) throw new Error('the ingest did not catch up within 10 minutes');
    await new Promise((r) => setTimeout(r, 20));
  }
  const used = process.cpuUsage(cpu);
  if (profiler) require('node:fs').writeFileSync(process.env.BENCH_PROFILE, JSON.stringify((await post('Profiler.stop')).profile));
  const cpuS = (used.user + used.system) / 1e6;
  const wallS = (performance.now() - started) / 1000;
  const dataSource = app.get(getDataSourceToken('energy'));
  const [{ n }] = await dataSource.query(`SELECT COUNT(*) AS n FROM energy_report WHERE vehicle_id <> 'bev${VEHICLES - 1}' OR collected_at > ${Date.now() - 1.5 * DAY}`);
  const [{ a }] = await dataSource.query('SELECT COUNT(*) AS a FROM energy_vehicle_state');
  return { total, answered, answeredS, cpuS, wallS, rows: Number(n), states: Number(a) };
}

/** 30 days of day partitions before today, as a deployment that has run that long has them. */
async function partitionPast(connection) {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const parts = [];
  for (let d = 30; d >= 0; d--) parts.push(`PARTITION ${partitionName((today - d * DAY) / 1000)} VALUES LESS THAN (${today - d * DAY + DAY})`);
  await connection.query(`ALTER TABLE \`${schema}\`.energy_report REORGANIZE PARTITION ${partitionName(today / 1000)} INTO (${parts.join(', ')})`);
}

/** ROWS reports: vehicles h0..hN, each reporting every 10 s, over the 30 days before today. */
async function seed(connection) {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const vehicles = Math.ceil(ROWS / PER_DAY / 30);
  log(`seeding ${ROWS.toLocaleString('en')} reports: ${vehicles} vehicles x 30 days x ${PER_DAY} ...`);
  let done = 0;
  for (let d = 30; d >= 1 && done < ROWS; d--) {
    const day = today - d * DAY;
    const n = Math.min(vehicles, Math.ceil((ROWS - done) / PER_DAY));
    const started = Date.now();
    await connection.query(`
      INSERT INTO \`${schema}\`.energy_report (vin, collected_at, vehicle_id, received_at, reissued, soc, speed, voltage, current, charge_state, max_cell_v, max_cell_no,
        min_cell_v, min_cell_no, max_temp, max_temp_probe, min_temp, min_temp_probe, alarm_level, alarm_flags, data)
      SELECT CONCAT('LHIST', LPAD(v.seq, 12, '0')), ${day} + s.seq * 10000, CONCAT('h', v.seq), ${day} + s.seq * 10000 + 500, 0, 20 + (s.seq % 800) / 10, s.seq % 90, 340 + (s.seq % 50) / 10, 20,
        3, 3.4 + (s.seq % 40) / 1000, 1 + s.seq % 96, 3.3 + (s.seq % 30) / 1000, 1 + (s.seq * 7) % 96, 30 + s.seq % 10, 1 + s.seq % 48, 22 + s.seq % 5, 1 + (s.seq * 3) % 48, 0, 0, 'AA=='
      FROM seq_0_to_${n - 1} v, seq_0_to_${PER_DAY - 1} s`);
    done += n * PER_DAY;
    log(`  ${cst(day).slice(0, 10)}: ${(n * PER_DAY).toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s (${done.toLocaleString('en')} so far)`);
  }
  await connection.query(`ANALYZE TABLE \`${schema}\`.energy_report`);
  return { vehicles, done };
}

async function history(app, bus, connection) {
  await partitionPast(connection);
  await connection.query(`USE \`${schema}\``);
  const seeded = await seed(connection);
  const probe = Math.min(7, seeded.vehicles - 1);
  const entry = registryEntry(probe, `LHIST${String(probe).padStart(12, '0')}`);
  await bus.publish(Topics.vehicleRegistry, [{ key: `h${probe}`, value: { ...entry.value, vehicleId: `h${probe}` } }]);
  await bus.publish(Topics.rolePermissions, [{ key: 'ev', value: { roleId: 'ev', actionCodes: ['newEnergy'], deleted: false, updatedAt: Date.now() } }]);
  await new Promise((r) => setTimeout(r, 3000));
  const token = await app.get(TokenService).sign({ id: '9', companyId: 'bc', userType: 1, roleIds: ['ev'], superAdmin: false, scope: { companies: ['bc'], fleets: [] } });
  const day = Math.floor(Date.now() / DAY) * DAY - 15 * DAY;
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}/energy/history?vehicleId=h${probe}&startTime=${encodeURIComponent(cst(day))}&endTime=${encodeURIComponent(cst(day + DAY - 1000))}`;
  const times = [];
  let points = 0;
  for (let i = 0; i < REQUESTS + 5; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (!body.flag) throw new Error(JSON.stringify(body));
    if (i >= 5) times.push(performance.now() - started);
    points = body.data.t.length;
  }
  return { seeded, points, times: times.sort((a, b) => a - b) };
}

async function main() {
  const connection = await createConnection(mysql);
  const bus = new KafkaBus({ brokers, clientId: `bench-energy-${run}`, logger: silentBusLogger, topicPrefix, ...(process.env.BENCH_LINGER_MS ? { lingerMs: Number(process.env.BENCH_LINGER_MS) } : {}) });
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-energy', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }, { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false });
  await app.listen(0, '127.0.0.1');
  try {
    log(`ingest: ${VEHICLES} vehicles x ${FRAMES} reports through Kafka ...`);
    const ingested = await ingest(app, bus);
    log(`history ...`);
    const hist = await history(app, bus, connection);
    console.log('');
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    console.log(`| GB/T 32960 real-time reports per energy-service CPU-second: TCP, answered once in Kafka, consumed and stored in MariaDB (96 cells, 48 probes; ${VEHICLES} vehicles) | ${Math.round(ingested.answered.acked / ingested.cpuS).toLocaleString('en')} (${ingested.answered.acked.toLocaleString('en')} reports in ${ingested.cpuS.toFixed(1)} CPU-s; answered in ${ingested.answeredS.toFixed(1)} s, stored in ${ingested.wallS.toFixed(1)} s wall; ${ingested.rows.toLocaleString('en')} rows, ${ingested.states} vehicle states) | >= 20,000 |`);
    console.log(`| one vehicle-day of chart series (${hist.points.toLocaleString('en')} reports) at ${hist.seeded.done.toLocaleString('en')} rows over 30 day partitions, HTTP: p50 / p95 / p99 / max | ${latencyCell(hist.times)} | <= 300 ms |`);
    console.log('');
    console.log(machineLine());
    const [[settings]] = await connection.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS pool');
    console.log(`Kafka ${brokers.join(',')}, MariaDB ${settings.version} (innodb_buffer_pool_size ${Math.round(Number(settings.pool) / 2 ** 20)} MiB); the energy service in this process, the vehicles in a child process.`);
  } finally {
    await app.close().catch(() => undefined);
    await dropSchemas(connection, schemaPrefix, ['energy', 'admin']);
    await connection.end();
  }
}

runMain(main);
