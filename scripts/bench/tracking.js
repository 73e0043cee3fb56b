/* global fetch -- Node 20 built-in */
// `npm run bench:tracking`: ingest rows/s from the real Kafka into the real MariaDB through the
// tracking service (as a ratio to raw mysql2 multi-row inserts in the same run), again with the
// table pre-filled, findDailyMileage server time for one vehicle-day, and live-push latency.
// Needs `npm run infra -- up`. Sizes are environment variables (see below).
require('reflect-metadata');
const { performance } = require('node:perf_hooks');
const { gunzipSync } = require('node:zlib');
const { NestFactory } = require('@nestjs/core');
const { createConnection } = require('mysql2/promise');
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { TrackingModule } = require('@openfleet/tracking');
const { ApiModule } = require('@openfleet/api');
const { machineLine, percentile } = require('./machine');
const { makePositions, rawInsertRate, rawLoadRate, serviceIngestRate, drainIngestRate, prefill, DAY_S } = require('./tracking-ingest');
const { livePushLatency } = require('./tracking-live');

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const PREFILL = Number(process.env.BENCH_PREFILL ?? 50_000_000);
const MILEAGE_REQUESTS = Number(process.env.BENCH_MILEAGE_REQUESTS ?? 200);
const LIVE_VEHICLES = Number(process.env.BENCH_LIVE_VEHICLES ?? 10_000);
const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 100);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const LIVE_TICKS = (process.env.BENCH_LIVE_TICK_MS ?? '1000,200,100').split(',').map(Number);
const PARTS = (process.env.BENCH_PARTS ?? 'ingest,prefill,mileage,live').split(',');
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const mysql = { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' };
const run = Date.now().toString(36);
const prefix = `openfleet_bench_${run}_`;
const schema = `${prefix}tracking`;
const log = (line) => process.stderr.write(`${line}\n`);

const env = {
  LOG_LEVEL: 'silent', BUS: 'kafka', KAFKA_BROKERS: brokers.join(','), DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user,
  MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, TRACKING_INGEST_GROUP: `bench-tracking-${run}`,
  TRACKING_INGEST_FROM: 'latest',
  // Service settings to try are passed through, e.g. TRACKING_CONSUME_BATCH=20000.
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('TRACKING_') || name.startsWith('LIVE_PUSH_'))),
};
const newBus = (name) => new KafkaBus({ brokers, clientId: `bench-tracking-${name}-${run}`, logger: silentBusLogger });

async function startModule(module, extraEnv = {}) {
  const fullEnv = { ...env, ...extraEnv };
  const config = loadConfig(PlatformConfig, fullEnv);
  const bus = newBus(`svc-${Math.random().toString(36).slice(2, 6)}`);
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench', config, bus, env: fullEnv }), module] }, { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false });
  await app.listen(0, '127.0.0.1');
  return app;
}

async function dailyMileageTimes(app, phone, dayStartS) {
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const token = await app.get(TokenService).sign({ id: '1', companyId: '1', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
  const day = new Date((dayStartS + 8 * 3600) * 1000).toISOString().slice(0, 10);
  const path = `/gps/vtrack/findDailyMileage?vehicleId=${phone}&startTime=${day} 00:00:00&endTime=${day} 23:59:59&isAllLocations=1&mapType=3`;
  const times = [];
  const serverTimes = [];
  let points = 0;
  for (let i = 0; i < MILEAGE_REQUESTS + 5; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    if (i >= 5) {
      // 5 warm-up requests. Server time: the handler's Server-Timing (query, views, encoding, gzip).
      times.push(performance.now() - started);
      const server = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
      if (server) serverTimes.push(Number(server[1]));
    }
    if (i === 0) {
      const envelope = JSON.parse(gunzipSync(body).toString());
      if (!envelope.flag) throw new Error(`findDailyMileage: ${JSON.stringify(envelope)}`);
      points = JSON.parse(envelope.data.listAll).length;
    }
  }
  return { times: times.sort((a, b) => a - b), serverTimes: serverTimes.sort((a, b) => a - b), points };
}

async function waitForRows(database, phone, expected) {
  const connection = await createConnection({ ...mysql, database });
  try {
    for (let waited = 0; waited < 120_000; waited += 200) {
      const [[{ n }]] = await connection.query('SELECT COUNT(*) AS n FROM track_point WHERE terminal_phone = ?', [phone]);
      if (Number(n) >= expected) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${phone}: fewer than ${expected} rows after 120 s`);
  } finally {
    await connection.end();
  }
}

/** Rows of terminals the benchmark did not produce (another process publishing positions on the shared broker). */
async function foreignRows(database) {
  const connection = await createConnection({ ...mysql, database });
  const [[{ n }]] = await connection.query("SELECT COUNT(*) AS n FROM track_point WHERE LEFT(terminal_phone, 1) NOT IN ('8', '9', 'f')");
  await connection.end();
  return Number(n);
}

// The prefill can deadlock with the service's own writes (e.g. another producer's positions on the
// shared broker); it resumes from the rows already there.
async function prefillRetryingDeadlocks(database) {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const filled = await prefill(mysql, database, PREFILL, log);
      return { rows: filled.rows, seconds: (Date.now() - started) / 1000 };
    } catch (error) {
      if (error.code !== 'ER_LOCK_DEADLOCK' || attempt >= 5) throw error;
      log(`  prefill: deadlock, resuming (attempt ${attempt + 1})`);
    }
  }
}

async function main() {
  const producer = newBus('producer');
  const results = [];
  // Each result is also logged as soon as it is known, so a later failure does not lose it.
  const record = (row) => {
    log(`result: ${row.join(' | ')}`);
    results.push(row);
  };
  const startTracking = (extraEnv) => startModule(TrackingModule, extraEnv);
  const closeApp = async () => {
    await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    app = undefined;
  };
  // The day before yesterday (CST), midnight UTC: inside the partition range, findDailyMileage window of one day.
  const dayStartS = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
  const vehicleDay = Array.from({ length: 8640 }, (_, i) => ({ ...makePositions('8', 1, dayStartS)[0], terminalPhone: '80000000001', gpsTimeS: dayStartS - 8 * 3600 + i * 10, latitudeE6: 39_900_000 + i * 3 }));
  let app;
  // Ingest measured twice: drained from a backlog (producer idle, as in a deployment) and with the producer publishing in this process meanwhile.
  const ingestBoth = async (label, positions, backlog, raw) => {
    const concurrent = await serviceIngestRate({ producer, app, positions });
    await closeApp();
    const drained = await drainIngestRate({ producer, brokers, startTracking, positions: backlog });
    app = drained.app;
    record([`ingest, ${label}: Kafka -> tracking service -> MariaDB, backlog drained`, `${Math.round(drained.rate).toLocaleString('en-US')} rows/s (${(drained.rate / raw).toFixed(2)} x raw)`]);
    record([`ingest, ${label}: same, producer publishing in the same process`, `${Math.round(concurrent.rate).toLocaleString('en-US')} rows/s (${(concurrent.rate / raw).toFixed(2)} x raw)`]);
  };
  try {
    if (PARTS.includes('ingest')) {
      const positions = [...makePositions('90', ROWS, dayStartS), ...vehicleDay];
      log(`ingest: ${positions.length} rows, raw mysql2 first`);
      app = await startTracking(); // creates the schema and the partitions
      const raw = await rawInsertRate(mysql, schema, positions);
      record(['ingest, empty table: raw mysql2 (4 conns x 2000-row INSERT IGNORE)', `${Math.round(raw).toLocaleString('en-US')} rows/s`]);
      const rawLoad = await rawLoadRate(mysql, schema, positions);
      record(['ingest, empty table: raw mysql2 LOAD DATA LOCAL (4 conns x 20,000 rows, as the service writes)', `${Math.round(rawLoad).toLocaleString('en-US')} rows/s`]);
      await ingestBoth('empty table', positions, makePositions('93', ROWS, dayStartS), raw);
    }
    if (PARTS.includes('prefill')) {
      log(`prefill to ${PREFILL.toLocaleString('en-US')} rows`);
      const filled = await prefillRetryingDeadlocks(schema);
      record(['prefill (LOAD DATA of whole vehicle-days into 7 past day partitions)', `${filled.rows.toLocaleString('en-US')} rows in ${Math.round(filled.seconds)} s`]);
      app ??= await startTracking();
      const raw = await rawInsertRate(mysql, schema, makePositions('92', ROWS, dayStartS), { table: 'track_point' });
      const label = `${filled.rows.toLocaleString('en-US')} rows in table`;
      record([`ingest, ${label}: raw mysql2`, `${Math.round(raw).toLocaleString('en-US')} rows/s`]);
      await ingestBoth(label, makePositions('91', ROWS, dayStartS), makePositions('94', ROWS, dayStartS), raw);
    }
    if (PARTS.includes('mileage')) {
      app ??= await startTracking();
      const [[{ n }]] = await (async () => {
        const connection = await createConnection({ ...mysql, database: schema });
        const result = await connection.query('SELECT COUNT(*) AS n FROM track_point');
        await connection.end();
        return result;
      })();
      // The ingest counter also counts other producers' records on the shared topic: wait for the whole vehicle-day.
      await waitForRows(schema, '80000000001', vehicleDay.length);
      const { times, serverTimes, points } = await dailyMileageTimes(app, '80000000001', dayStartS);
      const label = `findDailyMileage, ${points} points, full track, gzip (${Number(n).toLocaleString('en-US')} rows in table, ${MILEAGE_REQUESTS} requests)`;
      if (serverTimes.length) record([`${label}: server time`, `p50 ${percentile(serverTimes, 0.5).toFixed(1)} ms, p99 ${percentile(serverTimes, 0.99).toFixed(1)} ms`]);
      record([`${label}: client time over loopback`, `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`]);
    }
    if (PARTS.includes('ingest') || PARTS.includes('mileage')) {
      const foreign = await foreignRows(schema);
      if (foreign) record(['rows from other producers on the shared topic during the run (the ingest counter includes them)', foreign.toLocaleString('en-US')]);
    }
    if (PARTS.includes('live')) {
      for (const tick of LIVE_TICKS) {
        log(`live push: tick ${tick} ms`);
        const live = await livePushLatency({
          producer, startApi: () => startModule(ApiModule, { LIVE_PUSH_TICK_MS: String(tick) }), vehicles: LIVE_VEHICLES, clients: LIVE_CLIENTS, intervalS: 5, seconds: LIVE_SECONDS, companies: 10, log,
        });
        record([`live push, tick ${tick} ms: ${LIVE_VEHICLES} vehicles / 5 s, ${LIVE_CLIENTS} clients, ${LIVE_SECONDS} s (${live.source === 'bus' ? 'Kafka' : 'TCP -> gateway -> Kafka'} -> hub -> socket.io)`, `p50 ${percentile(live.latencies, 0.5)} ms, p99 ${percentile(live.latencies, 0.99)} ms (${live.latencies.length} of ${live.expected} updates, ${live.published} positions sent)`]);
      }
    }
  } finally {
    await closeApp();
    await producer.close();
    if (!process.env.BENCH_KEEP) {
      const connection = await createConnection(mysql);
      await connection.query(`DROP DATABASE IF EXISTS \`${schema}\``);
      await connection.end();
    }
  }
  const width = Math.max(...results.map(([name]) => name.length));
  console.log(`| ${'measure'.padEnd(width)} | result |\n|${'-'.repeat(width + 2)}|---|`);
  for (const [name, value] of results) console.log(`| ${name.padEnd(width)} | ${value} |`);
  console.log(machineLine());
  console.log(`load average (1, 5, 15 min) at the end: ${require('node:os').loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
