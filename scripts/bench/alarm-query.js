/* global fetch -- Node 20 built-in */
// `npm run bench:alarm-query` (MariaDB): the alarmHandle list — the first page with its total —
// for an operator of a 10,000-vehicle company over 7 days, with 10,000,000 alarm rows stored over
// 30 days (half of them that company's, the rest 19 other companies'). The alarm module serves the
// requests through HTTP with a real token of a company-scoped role, as in a deployment.
// BENCH_ROWS (default 10,000,000); BENCH_KEEP=1 keeps the seeded schema and reuses it next time;
// BENCH_INNODB_BUFFER_POOL_MB (default 4096) sizes the buffer pool for the run (restored after).
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { performance } = require('node:perf_hooks');
const { createConnection } = require('mysql2/promise');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { AlarmModule } = require('@openfleet/alarm');
const { machineLine, percentile } = require('./machine');
const { mysql, latencyCell, runMain } = require('./bench-kit');

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const POOL_MB = Number(process.env.BENCH_INNODB_BUFFER_POOL_MB ?? 4096);
const DAY = 86_400_000;
const prefix = 'openfleet_bench_alarmq_';
const schema = `${prefix}alarm`;
const log = (line) => process.stderr.write(`${line}\n`);
const cst = (ms) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** ROWS alarms spread evenly over the 30 days before `now`: vehicles 0-9,999 are company 'big', the others 19 companies'. */
async function seed(connection, now) {
  const chunk = 500_000;
  const from = now - 30 * DAY;
  for (let done = 0; done < ROWS; done += chunk) {
    const n = Math.min(chunk, ROWS - done);
    const started = Date.now();
    await connection.query(`
      INSERT INTO \`${schema}\`.alarm (alarm_key, type, bit, level, source, terminal_phone, vehicle_id, plate_code, company_path, fleet_path,
        started_at, ended_at, last_at, latitude, longitude, speed_kmh, max_speed_kmh, blind_area, detail, handle_status, handle_result, handle_remark, handler_id, handled_at)
      SELECT CONCAT('b', id), ELT(1 + id % 8, 'emergency', 'overspeed', 'fatigueDriving', 'fenceIn', 'fenceOut', 'platformOverspeed', 'dsmPhoneCall', 'gnssAntennaDisconnected'),
        -1, id % 4, 'terminal', CONCAT('1390', LPAD(v, 7, '0')), CONCAT('v', v), CONCAT('京B', LPAD(v, 5, '0')),
        IF(v < 10000, '/1/big/', CONCAT('/1/c', 2 + v % 19, '/')), IF(v < 10000, CONCAT('/f', v % 50, '/'), ''),
        t, t + 60000, t + 60000, 39.9, 116.4, 50, 60, 0, NULL, IF(id % 10 < 6, 1, id % 4), 0, '', '', 0
      FROM (SELECT seq + ${done} AS id, ((seq + ${done}) * 7919) % 20000 AS v, ${from} + FLOOR((seq + ${done}) * ${30 * DAY} / ${ROWS}) AS t FROM \`${schema}\`.seq_1_to_${n}) s`);
    log(`  seeded ${(done + n).toLocaleString('en')} rows (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`);
  }
}

async function main() {
  const connection = await createConnection({ ...mysql, multipleStatements: false });
  const poolBefore = Number((await connection.query('SELECT @@innodb_buffer_pool_size AS pool'))[0][0].pool);
  if (POOL_MB && POOL_MB * 2 ** 20 !== poolBefore) {
    await connection.query(`SET GLOBAL innodb_buffer_pool_size = ${POOL_MB * 2 ** 20}`);
    for (let i = 0; i < 60 && Number((await connection.query('SELECT @@innodb_buffer_pool_size AS pool'))[0][0].pool) !== POOL_MB * 2 ** 20; i++) await new Promise((r) => setTimeout(r, 500));
  }
  const keep = Boolean(process.env.BENCH_KEEP);
  if (!keep) await connection.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  const env = { LOG_LEVEL: 'silent', DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: 'bench-alarm-query-0123456789-0123456789-0123', ALARM_ATTACHMENT_PORT: '0' };
  const bus = new InProcessBus({ logger: silentBusLogger });
  await bus.publish(Topics.rolePermissions, [{ key: 'watch', value: { roleId: 'watch', actionCodes: ['alarmHandle', 'alarmHandle:search'], deleted: false, updatedAt: Date.now() } }]);
  // The vehicles of the seeded rows, as admin's registry names them: a filter by a company, fleet or
  // vehicle the registry does not know is refused (8002) like another tenant's.
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: 20_000 }, (_, v) => {
    const company = v < 10_000 ? 'big' : `c${2 + (v % 19)}`;
    return { key: `v${v}`, value: { vehicleId: `v${v}`, plateCode: `京B${String(v).padStart(5, '0')}`, plateColor: 2, vin: '', companyId: company, companyPath: ['1', company], fleetPath: v < 10_000 ? [`f${v % 50}`] : [], terminalPhone: `1390${String(v).padStart(7, '0')}`, deleted: false, updatedAt: Date.now() } };
  }));
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-alarm-query', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }, { logger: false });
  await app.listen(0, '127.0.0.1');
  try {
    // The seeded rows end at the time of seeding: reuse keeps that "now".
    const [[{ n, newest }]] = await connection.query(`SELECT COUNT(*) AS n, MAX(started_at) AS newest FROM \`${schema}\`.alarm`);
    let now = Number(newest) || Date.now();
    if (Number(n) !== ROWS) {
      await connection.query(`TRUNCATE TABLE \`${schema}\`.alarm`);
      now = Date.now();
      const started = Date.now();
      log(`seeding ${ROWS.toLocaleString('en')} alarms ...`);
      await seed(connection, now);
      log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await connection.query(`ANALYZE TABLE \`${schema}\`.alarm`);
    }
    const token = await app.get(TokenService).sign({ id: '9', companyId: 'big', userType: 1, roleIds: ['watch'], superAdmin: false, scope: { companies: ['big'], fleets: [] } });
    const url = `http://127.0.0.1:${app.getHttpServer().address().port}/gps/alarm/page`;
    const window = `startTime=${encodeURIComponent(cst(now - 7 * DAY))}&endTime=${encodeURIComponent(cst(now))}&current=1&size=20`;
    const cases = [
      ['7 days, no filter', ''],
      ['7 days, one type', '&type=overspeed'],
      ['7 days, unhandled', '&handleStatus=0'],
      ['7 days, one plate (keyword)', '&keyword=%E4%BA%ACB00042'],
      ['7 days, one fleet of 200 vehicles', '&fleetId=f7'],
    ];
    const results = [];
    for (const [name, filter] of cases) {
      const times = [];
      let total = 0;
      for (let i = 0; i < REQUESTS + 10; i++) {
        const started = performance.now();
        const response = await fetch(`${url}?${window}${filter}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.json();
        if (!body.flag) throw new Error(JSON.stringify(body));
        if (i >= 10) times.push(performance.now() - started);
        total = body.data.total;
      }
      times.sort((a, b) => a - b);
      results.push({ name, total, times });
      log(`  ${name}: p99 ${percentile(times, 0.99).toFixed(0)} ms`);
    }
    console.log('');
    console.log(`| alarmHandle first page + total, company of 10,000 vehicles, ${ROWS.toLocaleString('en')} rows over 30 days | total | p50 / p95 / p99 / max | goal |`);
    console.log('|---|---|---|---|');
    for (const r of results) console.log(`| ${r.name} | ${r.total.toLocaleString('en')} | ${latencyCell(r.times)} | p99 <= 300 ms |`);
    console.log('');
    console.log(machineLine());
    const [[settings]] = await connection.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS pool');
    console.log(`database: MariaDB ${settings.version}, innodb_buffer_pool_size ${Math.round(Number(settings.pool) / 2 ** 20)} MiB; ${REQUESTS} sequential requests per case after 10 warm-ups, HTTP through the alarm module in this process.`);
  } finally {
    await app.close();
    if (!keep) await connection.query(`DROP DATABASE IF EXISTS \`${schema}\``);
    if (POOL_MB && POOL_MB * 2 ** 20 !== poolBefore) await connection.query(`SET GLOBAL innodb_buffer_pool_size = ${poolBefore}`);
    await connection.end();
  }
}

runMain(main);
