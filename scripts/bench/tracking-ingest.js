// Ingest part of `npm run bench:tracking`: raw mysql2 multi-row inserts vs the tracking service
// consuming the same rows from the real Kafka broker, into the same MariaDB.
const { createConnection, createPool } = require('mysql2/promise');
const { register } = require('prom-client');
const { Kafka, logLevel } = require('kafkajs');
const { Readable } = require('node:stream');
const { samplePosition } = require('./sample-position');
const { processCpuSeconds } = require('./machine');
const { Topics } = require('@openfleet/contracts');
const { toTrackPointRow } = require('@openfleet/tracking/dist/ingest/track-point');
const { TRACK_POINT_COLUMNS, rowValues } = require('@openfleet/tracking/dist/ingest/track-point.writer');
const { tsvLine } = require('@openfleet/storage');

const DAY_S = 86_400;

/**
 * Starts counting the CPU of MariaDB and of the broker (the only `java` process on the benchmark
 * machine); the function it answers gives each in µs per row since then (see processCpuSeconds).
 */
function serverCpu() {
  const database = processCpuSeconds('mariadbd');
  const broker = processCpuSeconds('java');
  return (rows) => ({ databaseMicrosPerRow: ((processCpuSeconds('mariadbd') - database) * 1e6) / rows, brokerMicrosPerRow: ((processCpuSeconds('java') - broker) * 1e6) / rows });
}

/** `count` positions of 10,000 terminals (phones start with `prefix`), 5 s apart, inside today's partition. */
function makePositions(prefix, count, dayStartS) {
  const positions = new Array(count);
  for (let i = 0; i < count; i++) {
    const terminal = i % 10_000;
    // The shared sample record, moved onto this benchmark's terminals, day and street grid.
    positions[i] = {
      ...samplePosition(i),
      terminalPhone: `${prefix}${String(terminal).padStart(6, '0')}`,
      vehicleId: '',
      gpsTimeS: dayStartS + 3600 + Math.floor(i / 10_000) * 5,
      latitudeE6: 39_900_000 + terminal * 10 + (Math.floor(i / 10_000) % 100) * 40,
      longitudeE6: 116_300_000 + terminal * 10,
      speedDkmh: 300 + (i % 300),
      mileageHm: 1_234_567 + Math.floor(i / 10_000),
    };
  }
  return positions;
}

/**
 * Raw mysql2: the same rows as multi-row INSERT IGNOREs of `chunk` rows over `connections` connections.
 * Answers the rate and the CPU a row: the client (mysql2 formatting the SQL), MariaDB, the broker (idle).
 */
async function rawInsertRate(mysql, schema, positions, { chunk = 2000, connections = 4, table = 'track_point_raw' } = {}) {
  const pool = createPool({ ...mysql, database: schema, connectionLimit: connections });
  if (table === 'track_point_raw') await pool.query('CREATE TABLE track_point_raw LIKE track_point');
  const rows = positions.map((position) => rowValues(toTrackPointRow(position, '')));
  const tuple = `(${TRACK_POINT_COLUMNS.map(() => '?').join(',')})`;
  let next = 0;
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const servers = serverCpu();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < rows.length) {
        const slice = rows.slice(next, (next += chunk));
        await pool.query(`INSERT IGNORE INTO ${table} (${TRACK_POINT_COLUMNS.join(',')}) VALUES ${slice.map(() => tuple).join(',')}`, slice.flat());
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const perRow = { clientMicrosPerRow: (cpu.user + cpu.system) / rows.length, ...servers(rows.length) };
  if (table === 'track_point_raw') await pool.query('DROP TABLE track_point_raw');
  await pool.end();
  return { rate: rows.length / seconds, cpu: perRow };
}

/** Raw mysql2, the way the service writes: LOAD DATA LOCAL INFILE of `chunk`-row TSV pieces over `connections` connections. */
async function rawLoadRate(mysql, schema, positions, { chunk = 20_000, connections = 4 } = {}) {
  const pool = createPool({ ...mysql, database: schema, connectionLimit: connections });
  await pool.query('CREATE TABLE track_point_raw_load LIKE track_point');
  const lines = positions.map((position) => tsvLine(rowValues(toTrackPointRow(position, ''))));
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < lines.length) {
        const body = Buffer.from(`${lines.slice(next, (next += chunk)).join('\n')}\n`);
        await pool.query({
          sql: `LOAD DATA LOCAL INFILE 'raw' IGNORE INTO TABLE track_point_raw_load CHARACTER SET utf8mb4 (${TRACK_POINT_COLUMNS.join(',')})`,
          infileStreamFactory: () => Readable.from([body]),
        });
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await pool.query('DROP TABLE track_point_raw_load');
  await pool.end();
  return lines.length / seconds;
}

/**
 * Waits (60 s at most) until InnoDB has written back the dirty pages of the previous phase, so a
 * measured phase does not share the CPU and the disk with the flushing of the one before it.
 */
async function quietDatabase(mysql, log) {
  const connection = await createConnection(mysql);
  const started = Date.now();
  try {
    for (;;) {
      const [rows] = await connection.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')");
      const status = Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
      const dirty = status.Innodb_buffer_pool_pages_dirty / status.Innodb_buffer_pool_pages_total;
      if (dirty < 0.01 || Date.now() - started > 60_000) {
        log(`  database: ${(dirty * 100).toFixed(1)} % of the buffer pool dirty after ${Math.round((Date.now() - started) / 1000)} s`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await connection.end();
  }
}

async function ingestedSoFar() {
  const metric = register.getSingleMetric('tracking_points_ingested_total');
  const value = metric ? (await metric.get()).values[0]?.value : 0;
  return value ?? 0;
}

/**
 * Service ingest: the service runs and has joined its group (one warm-up record went through), then
 * the records are produced to Kafka as fast as the producer goes (same process, so both share the
 * CPU). Rate = records / (last write - start of production): the warm service consumes from the
 * first record on, so the clock starts there, not after the first batch was already written.
 */
async function serviceIngestRate({ producer, app, positions }) {
  const probe = positions[0];
  const warmTarget = (await ingestedSoFar()) + 1;
  while ((await ingestedSoFar()) < warmTarget) {
    await producer.publish(Topics.position, [{ key: probe.terminalPhone, value: { ...probe, gpsTimeS: probe.gpsTimeS - 1 } }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const before = await ingestedSoFar();
  const started = Date.now();
  let last = 0;
  const watcher = (async () => {
    for (;;) {
      const done = (await ingestedSoFar()) - before;
      if (done >= positions.length) {
        last = Date.now();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  for (let i = 0; i < positions.length; i += 5000) {
    await producer.publish(Topics.position, positions.slice(i, i + 5000).map((value) => ({ key: value.terminalPhone, value })));
  }
  await watcher;
  return { app, rate: positions.length / ((last - started) / 1000) };
}

/** Polls the ingest counter until `count` more rows than `before` were written; answers when. */
async function watchIngest(before, count) {
  for (;;) {
    const done = (await ingestedSoFar()) - before;
    if (done >= count) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Drain: the records are produced first, with no tracking service consuming; then a service starts
 * with a new group whose offsets point at the first of them, and drains the backlog. The producer
 * does not share the CPU here, which is how the service runs in a deployment (the gateways are
 * other processes). The clock starts when the broker reports the new group Stable (its member has
 * joined and been assigned the partitions; nothing can be written before that), so the service's
 * start-up is not counted and no rows are left out. Rate = records / (last write - join).
 * The service's CPU per row is read from when the service has started (rows written before that
 * moment left out), as process CPU / rows.
 */
async function drainIngestRate({ producer, brokers, topicPrefix = '', startTracking, positions, beforeStart = async () => undefined, profilePath }) {
  const topic = `${topicPrefix}${Topics.position.name}`;
  const kafka = new Kafka({ clientId: 'bench-tracking-drain', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const group = `bench-tracking-drain-${Date.now().toString(36)}`;
  const scopedGroup = `${topicPrefix}${group}`;
  try {
    const marks = await admin.fetchTopicOffsets(topic);
    await admin.setOffsets({ groupId: scopedGroup, topic, partitions: marks.map(({ partition, high }) => ({ partition, offset: high })) });
    for (let i = 0; i < positions.length; i += 5000) {
      await producer.publish(Topics.position, positions.slice(i, i + 5000).map((value) => ({ key: value.terminalPhone, value })));
    }
    await beforeStart();
    const before = await ingestedSoFar();
    const joined = (async () => {
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
        const [described] = (await admin.describeGroups([scopedGroup])).groups;
        if (described?.state === 'Stable' && described.members.length > 0) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`${scopedGroup} not Stable after 120 s`);
    })();
    joined.catch(() => undefined); // awaited below; a start-up that fails first must not leave it unhandled
    const app = await startTracking({ TRACKING_INGEST_GROUP: group });
    const profile = await startProfile(profilePath);
    const cpuAtStart = process.cpuUsage();
    const servers = serverCpu();
    const writtenAtStart = (await ingestedSoFar()) - before;
    const first = await watchIngest(before, 1);
    const firstRows = (await ingestedSoFar()) - before;
    const last = await watchIngest(before, positions.length);
    const joinedAt = await joined;
    // CPU of this process (the service; the producer is idle) per row: steadier than the rate on a shared machine.
    const cpu = process.cpuUsage(cpuAtStart);
    const serverPerRow = servers(positions.length - writtenAtStart);
    await profile.stop();
    return {
      ...serverPerRow,
      app,
      rate: positions.length / ((last - joinedAt) / 1000),
      // The steady part: from the first transaction's commit to the last (the rows of that first one left out).
      steadyRate: (positions.length - firstRows) / ((last - first) / 1000),
      firstWriteMs: first - joinedAt,
      cpuMicrosPerRow: (cpu.user + cpu.system) / (positions.length - writtenAtStart),
      writtenAtStart,
    };
  } finally {
    await admin.disconnect();
  }
}

/**
 * BENCH_CPU_PROFILE=<file>: a V8 CPU profile of this process from the start of the drain (the service has started) to its last
 * write (the producer is idle then, so the profile is the service's), written as a .cpuprofile, and a
 * sampled allocation profile beside it (.heapprofile): what the garbage collector's share comes from.
 */
async function startProfile(path) {
  if (!path) return { stop: async () => undefined };
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  // Where the garbage comes from, beside it (sampled allocations, .heapprofile).
  await post('HeapProfiler.startSampling', { samplingInterval: 65_536, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    stop: async () => {
      const { profile } = await post('Profiler.stop');
      require('node:fs').writeFileSync(path, JSON.stringify(profile));
      const { profile: heap } = await post('HeapProfiler.stopSampling');
      require('node:fs').writeFileSync(path.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap));
      session.disconnect();
    },
  };
}

/**
 * Grows track_point to `target` rows the way a fleet fills it: seven past days, each its own
 * partition (split off the first one, as if the service had run for a week), filled with whole
 * vehicle-days of 8,640 points (one every 10 s, CST day) of new terminals, written with LOAD DATA on
 * four connections. The rows are counted from what each load reports, not with COUNT(*) (a minute
 * on 50 M rows).
 */
async function prefill(mysql, schema, target, log) {
  const connection = await createConnection({ ...mysql, database: schema });
  const count = async () => Number((await connection.query('SELECT COUNT(*) AS n FROM track_point'))[0][0].n);
  const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
  const [parts] = await connection.query("SELECT PARTITION_NAME AS name FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'track_point' ORDER BY PARTITION_ORDINAL_POSITION");
  const partitionOf = (dayS) => `p_${new Date(dayS * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`;
  if (parts[0].name === partitionOf(today)) {
    const past = Array.from({ length: 7 }, (_, i) => today - (7 - i) * DAY_S).map((day) => `PARTITION ${partitionOf(day)} VALUES LESS THAN (${day + DAY_S})`);
    await connection.query(`ALTER TABLE track_point REORGANIZE PARTITION ${parts[0].name} INTO (${past.join(', ')}, PARTITION ${parts[0].name} VALUES LESS THAN (${today + DAY_S}))`);
  }
  let rows = await count();
  const started = Date.now();
  const pool = createPool({ ...mysql, database: schema, connectionLimit: 4 });
  const vehicleDays = Math.ceil(Math.max(0, target - rows) / 8640);
  let next = 0;
  let lastLog = Date.now();
  const columns = TRACK_POINT_COLUMNS.join(',');
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < vehicleDays) {
        const index = next++;
        const terminal = index;
        // CST day -1 .. -7 around the terminals; the day starts at 16:00 UTC of the day before.
        const dayStart = today - (1 + (terminal % 7)) * DAY_S - 8 * 3600;
        const phone = `f${String(terminal).padStart(10, '0')}`;
        const lines = new Array(8640);
        for (let i = 0; i < 8640; i++) {
          const lat = 39_900_000 + (terminal % 1000) * 100 + i * 3;
          const lng = 116_300_000 + (terminal % 997) * 100;
          lines[i] = `${phone}\t${dayStart + i * 10}\t0\t\t${(dayStart + i * 10) * 1000 + 800}\t${lat}\t${lng}\t${lat + 1300}\t${lng + 6200}\t52\t${300 + (i % 300)}\t\\N\t${i % 360}\t0\t3\t${1_234_567 + i}\t4200\t1\t\\N\t0\t\\N\t0\t0\t{"signal":25,"satellites":11}`;
        }
        const body = Buffer.from(`${lines.join('\n')}\n`);
        const [result] = await pool.query({
          sql: `LOAD DATA LOCAL INFILE 'prefill' IGNORE INTO TABLE track_point CHARACTER SET utf8mb4 (${columns})`,
          infileStreamFactory: () => Readable.from([body]),
        });
        rows += result.affectedRows;
        if (Date.now() - lastLog > 15_000) {
          lastLog = Date.now();
          log(`  prefill: ${rows.toLocaleString('en-US')} rows after ${Math.round((Date.now() - started) / 1000)} s`);
        }
      }
    }),
  );
  await pool.end();
  await connection.end();
  return { rows, seconds: (Date.now() - started) / 1000 };
}

module.exports = { quietDatabase, makePositions, rawInsertRate, rawLoadRate, serviceIngestRate, drainIngestRate, prefill, DAY_S };
