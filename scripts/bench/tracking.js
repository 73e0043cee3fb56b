// `npm run bench:tracking`: ingest rows/s from the real Kafka into the real MariaDB through the
// tracking service (as a ratio to raw mysql2 multi-row inserts in the same run), again with the
// table pre-filled, findDailyMileage server time for one vehicle-day (tracking-mileage.js), and live-push latency.
// Needs `npm run infra -- up`. Sizes are environment variables (see below).
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { createConnection } = require('mysql2/promise');
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { TrackingModule } = require('@openfleet/tracking');
const { ApiModule } = require('@openfleet/api');
const { machineLine, percentile } = require('./machine');
const { brokers, mysql, run, deleteRunTopics } = require('./bench-kit');
const { quietDatabase, makePositions, rawInsertRate, rawLoadRate, serviceIngestRate, drainIngestRate, prefill, DAY_S } = require('./tracking-ingest');
const { livePushLatency } = require('./tracking-live');
const { dailyMileageBench } = require('./tracking-mileage');

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const PREFILL = Number(process.env.BENCH_PREFILL ?? 50_000_000);
const MILEAGE_REQUESTS = Number(process.env.BENCH_MILEAGE_REQUESTS ?? 200);
const LIVE_VEHICLES = Number(process.env.BENCH_LIVE_VEHICLES ?? 10_000);
const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 100);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const LIVE_TICKS = (process.env.BENCH_LIVE_TICK_MS ?? '100,1000').split(',').map(Number);
const INGEST_ROUNDS = Math.max(1, Number(process.env.BENCH_INGEST_ROUNDS ?? 1));
const PARTS = (process.env.BENCH_PARTS ?? 'ingest,prefill,mileage,live').split(',');
const prefix = `openfleet_bench_${run}_`;
const schema = `${prefix}tracking`;
const log = (line) => process.stderr.write(`${line}\n`);
// This run's own topics and groups (BUS_TOPIC_PREFIX, also for the gateway child of the live part):
// other engineers' tests publish positions on the shared broker, and the ingest counter would count
// them (123,834 foreign rows in one 200,000-row run). BENCH_TOPIC_PREFIX= (empty) uses the shared topics.
const topicPrefix = process.env.BENCH_TOPIC_PREFIX ?? `bench-${run}-`;
process.env.BUS_TOPIC_PREFIX = topicPrefix;

const env = {
  LOG_LEVEL: 'silent', BUS: 'kafka', KAFKA_BROKERS: brokers.join(','), DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user,
  MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, TRACKING_INGEST_GROUP: `bench-tracking-${run}`,
  TRACKING_INGEST_FROM: 'latest', BUS_TOPIC_PREFIX: topicPrefix,
  // Service settings to try are passed through, e.g. TRACKING_CONSUME_BATCH=20000.
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('TRACKING_') || name.startsWith('LIVE_PUSH_'))),
};
const newBus = (name) => new KafkaBus({ brokers, clientId: `bench-tracking-${name}-${run}`, logger: silentBusLogger, topicPrefix });

async function startModule(module, extraEnv = {}) {
  const fullEnv = { ...env, ...extraEnv };
  const config = loadConfig(PlatformConfig, fullEnv);
  const bus = newBus(`svc-${Math.random().toString(36).slice(2, 6)}`);
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench', config, bus, env: fullEnv }), module] }, { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false });
  await app.listen(0, '127.0.0.1');
  return app;
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

/** The database settings the figures depend on; BENCH_INNODB_BUFFER_POOL_MB sets the buffer pool for the run (restored after). */
async function databaseSettings() {
  const connection = await createConnection(mysql);
  const read = async () => (await connection.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS pool, @@innodb_flush_log_at_trx_commit AS flush'))[0][0];
  const before = await read();
  const wanted = Number(process.env.BENCH_INNODB_BUFFER_POOL_MB ?? 0) * 2 ** 20;
  if (wanted && wanted !== Number(before.pool)) {
    await connection.query(`SET GLOBAL innodb_buffer_pool_size = ${wanted}`);
    // The resize runs in the background: wait until the server reports the new size.
    for (let i = 0; i < 60 && Number((await read()).pool) !== wanted; i++) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const now = await read();
  return {
    line: `database: MariaDB ${now.version}, innodb_buffer_pool_size ${Math.round(Number(now.pool) / 2 ** 20)} MiB, innodb_flush_log_at_trx_commit ${now.flush}`,
    restore: async () => {
      if (Number(now.pool) !== Number(before.pool)) await connection.query(`SET GLOBAL innodb_buffer_pool_size = ${before.pool}`);
      await connection.end();
    },
  };
}

async function main() {
  const database = await databaseSettings();
  log(database.line);
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
  // Each round's rows: new terminals (an INSERT IGNORE of rows already in the table would not write).
  const fresh = (prefix) => (round) => makePositions(round === 1 ? prefix : `${prefix}${round}`, ROWS, dayStartS);
  // Ingest measured twice: drained from a backlog (producer idle, as in a deployment) and with the producer publishing in this process meanwhile.
  // BENCH_INGEST_ROUNDS > 1 repeats the drain and the raw INSERT alternately: the ratio of each round
  // is to the raw runs on either side of its drain, and the median of the rounds is the figure.
  const ingestBoth = async (label, positions, backlogOf, raw, rawAgain) => {
    await quietDatabase(mysql, log);
    const concurrent = await serviceIngestRate({ producer, app, positions });
    let rawBefore = raw;
    let firstRawMean;
    const ratios = [];
    for (let round = 1; round <= INGEST_ROUNDS; round++) {
      await closeApp();
      const roundLabel = INGEST_ROUNDS > 1 ? `${label}, round ${round} of ${INGEST_ROUNDS}` : label;
      const profilePath = process.env.BENCH_CPU_PROFILE ? process.env.BENCH_CPU_PROFILE.replace(/(\.cpuprofile)?$/, `-${roundLabel.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`) : undefined;
      const drained = await drainIngestRate({ producer, brokers, topicPrefix, startTracking, positions: backlogOf(round), beforeStart: () => quietDatabase(mysql, log), profilePath });
      app = drained.app;
      // On a shared machine the raw rate of a minute ago can be half or twice the present one: the raw
      // INSERT again right after the drain, and the ratios against the mean of the two.
      await quietDatabase(mysql, log);
      const { rate: rawAfter, cpu: rawCpu } = await rawAgain(round);
      const rawMean = (rawBefore + rawAfter) / 2;
      firstRawMean ??= rawMean;
      ratios.push(drained.rate / rawMean);
      const rawNote = `raw INSERT ${Math.round(rawBefore).toLocaleString('en-US')} before, ${Math.round(rawAfter).toLocaleString('en-US')} after`;
      const us = (value) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
      record([`ingest, ${roundLabel}: CPU a row, µs (drain: service / MariaDB / broker; raw INSERT after it: client / MariaDB / broker)`, `${us(drained.cpuMicrosPerRow)} / ${us(drained.databaseMicrosPerRow)} / ${us(drained.brokerMicrosPerRow)}; ${us(rawCpu.clientMicrosPerRow)} / ${us(rawCpu.databaseMicrosPerRow)} / ${us(rawCpu.brokerMicrosPerRow)}`]);
      record([`ingest, ${roundLabel}: Kafka -> tracking service -> MariaDB, backlog drained`, `${Math.round(drained.rate).toLocaleString('en-US')} rows/s (${(drained.rate / rawMean).toFixed(2)} x raw; ${rawNote}; first commit ${Math.round(drained.firstWriteMs).toLocaleString('en-US')} ms after the join, ${Math.round(drained.steadyRate).toLocaleString('en-US')} rows/s from there)`]);
      rawBefore = rawAfter;
    }
    if (INGEST_ROUNDS > 1) {
      const sorted = [...ratios].sort((a, b) => a - b);
      record([`ingest, ${label}: drained, median of ${INGEST_ROUNDS} rounds`, `${percentile(sorted, 0.5).toFixed(2)} x raw (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`]);
    }
    record([`ingest, ${label}: same, producer publishing in the same process`, `${Math.round(concurrent.rate).toLocaleString('en-US')} rows/s (${(concurrent.rate / firstRawMean).toFixed(2)} x raw)`]);
  };
  try {
    if (PARTS.includes('ingest')) {
      const positions = [...makePositions('90', ROWS, dayStartS), ...vehicleDay];
      log(`ingest: ${positions.length} rows, raw mysql2 first`);
      app = await startTracking(); // creates the schema and the partitions
      const { rate: raw } = await rawInsertRate(mysql, schema, positions);
      await quietDatabase(mysql, log);
      record(['ingest, empty table: raw mysql2 (4 conns x 2000-row INSERT IGNORE)', `${Math.round(raw).toLocaleString('en-US')} rows/s`]);
      const rawLoad = await rawLoadRate(mysql, schema, positions);
      record(['ingest, empty table: raw mysql2 LOAD DATA LOCAL (4 conns x 20,000 rows, as the service writes)', `${Math.round(rawLoad).toLocaleString('en-US')} rows/s`]);
      await ingestBoth('empty table', positions, fresh('93'), raw, () => rawInsertRate(mysql, schema, positions));
    }
    if (PARTS.includes('prefill')) {
      log(`prefill to ${PREFILL.toLocaleString('en-US')} rows`);
      const filled = await prefillRetryingDeadlocks(schema);
      record(['prefill (LOAD DATA of whole vehicle-days into 7 past day partitions)', `${filled.rows.toLocaleString('en-US')} rows in ${Math.round(filled.seconds)} s`]);
      app ??= await startTracking();
      await quietDatabase(mysql, log);
      const { rate: raw } = await rawInsertRate(mysql, schema, makePositions('92', ROWS, dayStartS), { table: 'track_point' });
      const label = `${filled.rows.toLocaleString('en-US')} rows in table`;
      record([`ingest, ${label}: raw mysql2`, `${Math.round(raw).toLocaleString('en-US')} rows/s`]);
      await ingestBoth(label, makePositions('91', ROWS, dayStartS), fresh('94'), raw, (round) => rawInsertRate(mysql, schema, fresh('95')(round), { table: 'track_point' }));
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
      // Cold (a second app with the answer cache off), miss (a new window each time) and warm (the same window again).
      await dailyMileageBench({ app, startTracking, phone: '80000000001', dayStartS, requests: MILEAGE_REQUESTS, tableRows: Number(n), run, record, log });
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
    if (topicPrefix) await deleteRunTopics(topicPrefix);
  }
  const width = Math.max(...results.map(([name]) => name.length));
  console.log(`| ${'measure'.padEnd(width)} | result |\n|${'-'.repeat(width + 2)}|---|`);
  for (const [name, value] of results) console.log(`| ${name.padEnd(width)} | ${value} |`);
  console.log(machineLine());
  console.log(database.line);
  await database.restore();
  console.log(`load average (1, 5, 15 min) at the end: ${require('node:os').loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
