/* global fetch -- Node 20 built-in */
// `npm run bench:reports`: the tracking service in this process on MariaDB (in-process bus), with
// VEHICLES vehicles in its registry and, seeded straight into its tables,
//  1. 30 days of day statistics per vehicle: the monthly mileage report of every vehicle (HTTP);
//  2. two online spells a day per vehicle over 30 days: the 30-day online rate report (HTTP);
//  3. EXPORT_ROWS track points: one offline download task writes them all to an .xlsx, while the
//     process's RSS is sampled every 100 ms and the task's progress events are timed. It runs first,
//     on the process as it is before any report. BENCH_GC_DIAG=1 forces a full GC at every sample:
//     the peak is then the live memory, without the garbage V8 has not collected yet (slower).
const { performance } = require('node:perf_hooks');
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { createConnection } = require('mysql2/promise');
const { TokenService } = require('@openfleet/auth');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { TrackingModule, ExportTaskRunner } = require('@openfleet/tracking');
const { machineLine, percentile } = require('./machine');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const DAYS = 30;
const DAY_MS = 86_400_000;
const mysql = { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' };
const run = Date.now().toString(36);
const schemaPrefix = `openfleet_bench_reports_${run}_`;
const schema = `${schemaPrefix}tracking`;
const log = (line) => process.stderr.write(`${line}\n`);
const cstDay = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

const env = {
  LOG_LEVEL: 'silent', DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password,
  MYSQL_DATABASE_PREFIX: schemaPrefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, TRACKING_EXPORT_POLL_MS: '3600000', TRACKING_EXPORT_DIR: `/tmp/openfleet-bench-exports-${run}`,
};

const plate = (i) => `京R${String(i).padStart(5, '0')}`;

async function registerVehicles(bus) {
  const records = Array.from({ length: VEHICLES }, (_, i) => ({
    key: `r${i}`,
    value: { vehicleId: `r${i}`, plateCode: plate(i), plateColor: 1, vin: '', companyId: `c${i % 20}`, companyPath: ['root', `c${i % 20}`], fleetPath: [], terminalPhone: `1390${String(i).padStart(7, '0')}`, deleted: false, updatedAt: Date.now() },
  }));
  for (let i = 0; i < records.length; i += 1000) await bus.publish(Topics.vehicleRegistry, records.slice(i, i + 1000));
}

/** Day statistics and online spells of every vehicle for the 30 days before today (CST). */
async function seed(connection, firstDayMs) {
  const started = performance.now();
  await connection.query(`USE \`${schema}\``); // the seq_* tables of MariaDB's Sequence engine need a current database
  await connection.query(`
    INSERT INTO \`${schema}\`.daily_mileage (terminal_phone, day, vehicle_id, mileage_m, odometer_start_hm, odometer_end_hm, computed_m, points, driving_s, idle_s, stop_count, trip_count,
      max_speed_dkmh, overspeed_count, overspeed_s, fuel_used_dl, updated_at)
    SELECT CONCAT('1390', LPAD(v.seq, 7, '0')), DATE_FORMAT(DATE_ADD('${cstDay(firstDayMs)}', INTERVAL d.seq DAY), '%Y-%m-%d'), CONCAT('r', v.seq),
      50000 + (v.seq * 7 + d.seq * 13) % 200000, NULL, NULL, 0, 8640, 7200 + v.seq % 3600, 1800, 3, 4, 900, v.seq % 3, (v.seq % 3) * 20, 200, 0
    FROM seq_0_to_${VEHICLES - 1} v, seq_0_to_${DAYS - 1} d`);
  await connection.query(`
    INSERT INTO \`${schema}\`.online_session (terminal_phone, vehicle_id, started_at, ended_at, end_cause)
    SELECT CONCAT('1390', LPAD(v.seq, 7, '0')), CONCAT('r', v.seq), ${firstDayMs} + d.seq * ${DAY_MS} + s.seq * 43200000 + (v.seq % 60) * 60000,
      ${firstDayMs} + d.seq * ${DAY_MS} + s.seq * 43200000 + (v.seq % 60) * 60000 + 14400000, 'timeout'
    FROM seq_0_to_${VEHICLES - 1} v, seq_0_to_${DAYS - 1} d, seq_0_to_1 s WHERE (v.seq + d.seq) % 10 <> 0`);
  await connection.query(`ANALYZE TABLE \`${schema}\`.daily_mileage, \`${schema}\`.online_session`);
  return (performance.now() - started) / 1000;
}

/** EXPORT_ROWS track points of 12 vehicles on the day before yesterday, one a second each. */
async function seedTrack(connection, dayStartMs) {
  const vehicles = 12;
  const perVehicle = Math.ceil(EXPORT_ROWS / vehicles);
  const started = performance.now();
  for (let v = 0; v < vehicles; v++) {
    await connection.query(`
      INSERT INTO \`${schema}\`.track_point (terminal_phone, gps_time, sequence, vehicle_id, received_at, latitude_e6, longitude_e6, map_latitude_e6, map_longitude_e6, altitude_m,
        speed_dkmh, recorded_speed_dkmh, direction, alarm_flags, status_flags, mileage_hm, fuel_dl, acc_state, lifting_state, load_condition, open_cap_state, blind_area, quality, extras)
      SELECT '1390${String(v).padStart(7, '0')}', ${dayStartMs / 1000} + s.seq, 0, 'r${v}', ${dayStartMs} + s.seq * 1000 + 500, 39900000 + s.seq, 116400000 + s.seq, 39901000 + s.seq, 116406000 + s.seq,
        50, 400 + s.seq % 300, NULL, s.seq % 360, 0, 3, 100000 + s.seq DIV 10, 5000 - s.seq DIV 100, 1, NULL, NULL, NULL, 0, 0, NULL
      FROM seq_0_to_${Math.min(perVehicle, 86_400) - 1} s`);
  }
  return { vehicles, seconds: (performance.now() - started) / 1000 };
}

async function timeRequests(url, token) {
  const times = [];
  let body;
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    body = await response.json();
    if (!body.flag) throw new Error(`${url}: ${JSON.stringify(body)}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return { times: times.sort((a, b) => a - b), body };
}

async function exportTask(app, bus, base, token, vehicles, day) {
  const events = [];
  await bus.subscribe(Topics.exportTask, { group: 'bench-export', fromBeginning: false, handle: async (messages) => void events.push(...messages.map(() => performance.now())) });
  const created = await (await fetch(`${base}/gps/export-task`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'track', params: { vehicleIds: Array.from({ length: vehicles }, (_, i) => `r${i}`).join(','), startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` } }),
  })).json();
  if (!created.flag) throw new Error(JSON.stringify(created));
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let peakHeap = 0;
  let peakExternal = 0;
  const sampler = setInterval(() => {
    if (process.env.BENCH_GC_DIAG) globalThis.gc?.();
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapTotal);
    peakExternal = Math.max(peakExternal, usage.external);
  }, 100);
  const started = performance.now();
  await app.get(ExportTaskRunner).drain();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const list = await (await fetch(`${base}/gps/export-task`, { headers: { authorization: `Bearer ${token}` } })).json();
  const task = list.data.records.find((row) => row.id === created.data.id);
  const stamps = [started, ...events.filter((at) => at >= started)].sort((a, b) => a - b);
  let maxGap = 0;
  for (let i = 1; i < stamps.length; i++) maxGap = Math.max(maxGap, stamps[i] - stamps[i - 1]);
  return { task, seconds, baselineMb: baseline / 2 ** 20, peakMb: peak / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, peakExternalMb: peakExternal / 2 ** 20, events: stamps.length - 1, maxGapS: maxGap / 1000 };
}

async function main() {
  const connection = await createConnection(mysql);
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-reports', config: loadConfig(PlatformConfig, env), bus, env }), TrackingModule] }, { logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    await registerVehicles(bus);
    const todayMs = Date.parse(`${cstDay(Date.now())}T00:00:00+08:00`);
    const firstDayMs = todayMs - DAYS * DAY_MS;
    log(`seeding ${VEHICLES.toLocaleString('en')} vehicles x ${DAYS} days of day statistics and online spells ...`);
    const seeded = await seed(connection, firstDayMs);
    log(`  ${seeded.toFixed(1)} s`);
    const token = await app.get(TokenService).sign({ id: 'bench', companyId: 'root', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
    // The registry is followed asynchronously: wait until every vehicle is in it.
    for (let tries = 0; ; tries++) {
      const body = await (await fetch(`${base}/gps/report/mileage?startTime=${cstDay(todayMs)}&endTime=${cstDay(todayMs)}&size=1`, { headers: { authorization: `Bearer ${token}` } })).json();
      if (body.data?.total === VEHICLES) break;
      if (tries > 100) throw new Error(`registry: ${JSON.stringify(body).slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The export first: its RSS is measured from the process as it is before any report ran.
    log(`seeding ${EXPORT_ROWS.toLocaleString('en')} track points ...`);
    const trackDay = cstDay(todayMs - 2 * DAY_MS);
    const track = await seedTrack(connection, todayMs - 2 * DAY_MS);
    log(`  ${track.seconds.toFixed(1)} s; exporting ...`);
    const exported = await exportTask(app, bus, base, token, track.vehicles, trackDay);
    const month = cstDay(firstDayMs + 15 * DAY_MS).slice(0, 7);
    const monthly = await timeRequests(`${base}/gps/report/mileage?period=month&startTime=${month}&endTime=${month}&size=50`, token);
    const daily = await timeRequests(`${base}/gps/report/mileage?startTime=${cstDay(firstDayMs)}&endTime=${cstDay(todayMs - DAY_MS)}&size=50`, token);
    const online = await timeRequests(`${base}/gps/report/online?startTime=${cstDay(firstDayMs)}&endTime=${cstDay(todayMs - DAY_MS)}&size=50`, token);
    const ms = (sorted) => `${percentile(sorted, 0.5).toFixed(0)} / ${percentile(sorted, 0.95).toFixed(0)} / ${sorted.at(-1).toFixed(0)} ms`;
    console.log('');
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    console.log(`| monthly mileage report of ${monthly.body.data.total.toLocaleString('en')} vehicles from the day statistics (${month}), HTTP p50 / p95 / max | ${ms(monthly.times)} | <= 2 s |`);
    console.log(`| daily mileage report of the same vehicles over ${DAYS} days (a column per day), HTTP p50 / p95 / max | ${ms(daily.times)} | |`);
    console.log(`| online rate of ${online.body.data.total.toLocaleString('en')} vehicles over ${DAYS} days (${online.body.data.summary.onlineRate} %), from ${(VEHICLES * DAYS * 1.8).toLocaleString('en')} online spells, HTTP p50 / p95 / max | ${ms(online.times)} | <= 2 s |`);
    console.log(`| offline download of ${exported.task.rows.toLocaleString('en')} track points (${track.vehicles} vehicles, one day) to .xlsx: rows per second | ${Math.round(exported.task.rows / exported.seconds).toLocaleString('en')} (${exported.seconds.toFixed(1)} s, file ${(exported.task.fileSize / 2 ** 20).toFixed(1)} MiB) | |`);
    console.log(`| the same: process RSS before / peak while writing | ${exported.baselineMb.toFixed(0)} / ${exported.peakMb.toFixed(0)} MiB (peak V8 heap ${exported.peakHeapMb.toFixed(0)} MiB, external ${exported.peakExternalMb.toFixed(0)} MiB) | <= 300 MB |`);
    console.log(`| the same: progress events, longest gap between two (from the start) | ${exported.events}, ${exported.maxGapS.toFixed(2)} s | <= 2 s |`);
    console.log('');
    console.log(machineLine());
    const [[settings]] = await connection.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS pool');
    console.log(`MariaDB ${settings.version} (innodb_buffer_pool_size ${Math.round(Number(settings.pool) / 2 ** 20)} MiB); the tracking service in this process, in-process bus.`);
  } finally {
    await app.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await connection.query(`DROP DATABASE IF EXISTS \`${schema}\``);
    await connection.end();
    require('node:fs').rmSync(env.TRACKING_EXPORT_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
