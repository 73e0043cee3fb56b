/* global fetch, URLSearchParams -- Node 20 built-ins */
// `npm run bench:raw-frames` (needs MariaDB; `npm run infra -- up` starts it):
//  1. ingest: BENCH_INGEST frames of BENCH_TERMINALS_INGEST terminals (a real 0x0200 and its 0x8001
//     reply each), in gateway.raw-frames.v1 records of 1,000 frames, decoded with the topic's codec
//     and written by the frame archive's consumer into MariaDB, 200 records per bus batch as the
//     consumer reads them. Result: frames per CPU-second of this process (the archive's work: JSON
//     decoding, rows, SQL text; MariaDB's own CPU is not counted) and per wall second; the same
//     batches again must add no row (idempotence).
//  2. query: raw_frame filled to BENCH_FRAMES rows with MariaDB's sequence engine (INSERT ...
//     SELECT FROM seq_0_to_N, in key order), over BENCH_DAYS day partitions, each terminal-day
//     holding BENCH_PER_DAY frames (5,760: a frame every 15 s, a position every 30 s and its
//     reply); one terminal-day's first page (100 frames, with the day's count, decoded) through
//     HTTP with an operator's token, BENCH_REQUESTS times, terminals chosen at random. The rows
//     lie in today and the days after it, so the partitions the service creates ahead hold them.
// Schemas carry a prefix of this run; BENCH_KEEP=1 keeps them.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { performance } = require('node:perf_hooks');
const { createConnection } = require('mysql2/promise');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics, rawFrameBatchCodec } = require('@openfleet/contracts');
const { TokenService, VehicleRegistry } = require('@openfleet/auth');
const { encodeFrame } = require('@openfleet/jt808');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { FrameArchiveModule } = require('@openfleet/frame-archive');
const { FrameIngestConsumer } = require('@openfleet/frame-archive/dist/frames/frame-ingest.consumer');
const { machineLine, percentile } = require('./machine');
const { mysql, run, latencyCell, dropSchemas, runMain } = require('./bench-kit');

const INGEST = Number(process.env.BENCH_INGEST ?? 400_000);
const INGEST_TERMINALS = Number(process.env.BENCH_TERMINALS_INGEST ?? 2000);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 5_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const PER_DAY = Number(process.env.BENCH_PER_DAY ?? 5760);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DAY = 86_400_000;
const schemaPrefix = `openfleet_bench_frames_${run}_`;
const schema = `${schemaPrefix}frame_archive`;
const log = (line) => process.stderr.write(`${line}\n`);
const cst = (ms) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const phoneOf = (i) => `1380${String(i).padStart(7, '0')}`;

const env = {
  LOG_LEVEL: 'silent', DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: schemaPrefix,
  AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, INSTANCE_ID: `bench-frames-${run}`, FRAME_ARCHIVE_PARTITIONS_AHEAD: String(DAYS + 1), FRAME_ARCHIVE_SWEEP_MS: String(DAY),
};

const FIX_TIME = new Date('2026-11-27T02:00:00Z');
/** A plausible 0x0200 body (the gateway's test terminal's). */
const location = (serial) => ({ alarm: 0, status: 0b11, latitude: 31.23 + serial * 1e-5, longitude: 121.47, altitude: 10, speed: 42.5, direction: 90, time: FIX_TIME, extras: [{ id: 0x01, kind: 'mileageKm', value: 1234.5 }, { id: 0x30, kind: 'signalStrength', value: 25 }] });

/** A position and its reply for each terminal, as the gateway captures them. */
function framesOf(count) {
  const frames = [];
  const now = Date.now();
  for (let i = 0; frames.length < count; i++) {
    const phone = `0${phoneOf(i % INGEST_TERMINALS)}`;
    const serial = Math.floor(i / INGEST_TERMINALS) & 0xffff;
    const up = Buffer.from(encodeFrame({ msgId: 0x0200, version: '2013', phone, serial, body: location(serial) })).toString('hex');
    const down = Buffer.from(encodeFrame({ msgId: 0x8001, version: '2013', phone, serial, body: { replySerial: serial, replyId: 0x0200, result: 0 } })).toString('hex');
    frames.push({ terminalPhone: phone, direction: 'up', hex: up, at: now - 3_600_000 + i }, { terminalPhone: phone, direction: 'down', hex: down, at: now - 3_600_000 + i });
  }
  return frames.slice(0, count);
}

async function ingest(app) {
  const consumer = app.get(FrameIngestConsumer);
  const frames = framesOf(INGEST);
  // The records as Kafka would deliver them: encoded JSON, 1,000 frames each.
  const records = [];
  for (let i = 0; i < frames.length; i += 1000) records.push(rawFrameBatchCodec.encode({ gatewayId: 'bench-gw', frames: frames.slice(i, i + 1000) }));
  const pass = async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < records.length; i += 200) {
      const messages = records.slice(i, i + 200).map((bytes, offset) => ({ key: 'bench-gw', value: rawFrameBatchCodec.decode(bytes), offset: String(i + offset), partition: 0 }));
      await consumer.handle(messages);
    }
    const used = process.cpuUsage(cpu);
    return { cpuS: (used.user + used.system) / 1e6, wallS: (performance.now() - started) / 1000 };
  };
  const first = await pass();
  const dataSource = app.get(getDataSourceToken('frame_archive'));
  const count = async () => Number((await dataSource.query('SELECT COUNT(*) AS n FROM raw_frame'))[0].n);
  const afterFirst = await count();
  const again = await pass();
  const afterAgain = await count();
  await dataSource.query('TRUNCATE TABLE raw_frame');
  return { frames: frames.length, stored: afterFirst, duplicates: afterAgain - afterFirst, first, again };
}

/** raw_frame to FRAMES rows in key order (terminal, time): TERMINALS terminals x DAYS days x PER_DAY frames. */
async function fill(connection, hex) {
  const terminals = Math.max(1, Math.ceil(FRAMES / (DAYS * PER_DAY)));
  const perTerminal = DAYS * PER_DAY;
  const stepMs = Math.floor(DAY / PER_DAY);
  const dayStart = Math.floor(Date.now() / DAY) * DAY;
  const chunk = 1_000_000;
  const started = performance.now();
  for (let from = 0; from < FRAMES; from += chunk) {
    const to = Math.min(FRAMES, from + chunk) - 1;
    await connection.query(
      `INSERT INTO \`${schema}\`.raw_frame (terminal_key, at_ms, seq, direction, protocol, msg_id, length, error, gateway_id, frame)
       SELECT CONCAT('1380', LPAD(s.seq DIV ${perTerminal}, 7, '0')), ${dayStart} + (s.seq MOD ${perTerminal}) * ${stepMs}, s.seq, 0, 0, 512, ${hex.length / 2}, NULL, 'bench', UNHEX('${hex}')
       FROM \`${schema}\`.seq_${from}_to_${to} s`,
    );
    log(`  filled ${(to + 1).toLocaleString('en-US')} / ${FRAMES.toLocaleString('en-US')} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { terminals, dayStart, fillS: (performance.now() - started) / 1000 };
}

async function query(app, connection, bus) {
  const hex = Buffer.from(encodeFrame({ msgId: 0x0200, version: '2013', phone: '013800000000', serial: 1, body: location(1) })).toString('hex');
  const { terminals, dayStart, fillS } = await fill(connection, hex);
  await connection.query(`ANALYZE TABLE \`${schema}\`.raw_frame`);
  const [[size]] = await connection.query(`SELECT ROUND((DATA_LENGTH + INDEX_LENGTH) / 1048576) AS mb FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'raw_frame'`, [schema]);
  await bus.publish(Topics.vehicleRegistry, Array.from({ length: terminals }, (_, i) => ({ key: `bv${i}`, value: { vehicleId: `bv${i}`, plateCode: `沪B${String(i).padStart(5, '0')}`, plateColor: 2, vin: '', companyId: 'bc', companyPath: ['root', 'bc'], fleetPath: [], terminalPhone: phoneOf(i), deleted: false, updatedAt: Date.now() } })));
  const registry = app.get(VehicleRegistry);
  while (!registry.byTerminalPhone(phoneOf(terminals - 1))) await new Promise((resolve) => setTimeout(resolve, 50));
  await bus.publish(Topics.rolePermissions, [{ key: 'frames', value: { roleId: 'frames', actionCodes: ['originalMessageQuery', 'originalMessageQuery:search'], deleted: false, updatedAt: Date.now() } }]);
  const token = await app.get(TokenService).sign({ id: 'b1', companyId: 'bc', userType: 1, roleIds: ['frames'], superAdmin: false, scope: { companies: ['bc'], fleets: [] } });
  const url = await app.getUrl();
  const ask = async (terminal, day) => {
    const params = new URLSearchParams({ terminal: phoneOf(terminal), startTime: cst(dayStart + day * DAY), endTime: cst(dayStart + (day + 1) * DAY - 1000), current: '1', size: '100' });
    const started = performance.now();
    const response = await fetch(`${url.replace('[::1]', '127.0.0.1')}/frameArchive/frames?${params}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (!body.flag || body.data.records.length === 0) throw new Error(`query failed: ${JSON.stringify(body).slice(0, 200)}`);
    return { ms: performance.now() - started, total: body.data.total };
  };
  for (let i = 0; i < 5; i++) await ask(i % terminals, 0);
  const times = [];
  let totals = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const result = await ask(Math.floor(Math.random() * terminals), Math.floor(Math.random() * DAYS));
    times.push(result.ms);
    totals += result.total;
  }
  times.sort((a, b) => a - b);
  return { terminals, fillS, sizeMb: Number(size.mb), times, perDay: totals / REQUESTS };
}

async function main() {
  const connection = await createConnection({ ...mysql, multipleStatements: false });
  const bus = new InProcessBus({ logger: silentBusLogger });
  const app = await NestFactory.create(
    { module: class BenchFrames {}, imports: [PlatformModule.forRoot({ processName: 'bench-frames', config: loadConfig(PlatformConfig, env), bus, env }), FrameArchiveModule] },
    { logger: false },
  );
  await app.listen(0, '127.0.0.1');
  try {
    log(`ingest: ${INGEST.toLocaleString('en-US')} frames of ${INGEST_TERMINALS} terminals`);
    const ingested = await ingest(app);
    log(`query: filling raw_frame to ${FRAMES.toLocaleString('en-US')} rows over ${DAYS} days`);
    const queried = await query(app, connection, bus);
    const rate = (frames, seconds) => Math.round(frames / seconds).toLocaleString('en-US');
    console.log(`\nframe archive on MariaDB (${machineLine()})\n`);
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    console.log(`| ingest, first delivery | ${rate(ingested.frames, ingested.first.cpuS)} frames / CPU-s (${rate(ingested.frames, ingested.first.wallS)} / s wall) | >= 50,000 / CPU-s |`);
    console.log(`| ingest, redelivery of the same records | ${rate(ingested.frames, ingested.again.cpuS)} frames / CPU-s, ${ingested.duplicates} rows added | 0 rows |`);
    console.log(`| rows stored / frames sent | ${ingested.stored.toLocaleString('en-US')} / ${ingested.frames.toLocaleString('en-US')} | equal |`);
    console.log(`| table | ${FRAMES.toLocaleString('en-US')} rows, ${queried.terminals} terminals x ${DAYS} days, ${queried.sizeMb.toLocaleString('en-US')} MB, filled in ${queried.fillS.toFixed(0)} s | 100 M rows |`);
    console.log(`| one terminal-day, first page of 100 (${Math.round(queried.perDay).toLocaleString('en-US')} frames counted) p50 / p95 / p99 / max | ${latencyCell(queried.times)} | p99 <= 1,000 ms |`);
    console.log(`\n(p99 ${percentile(queried.times, 0.99).toFixed(0)} ms over ${REQUESTS} requests)`);
  } finally {
    await app.close();
    await dropSchemas(connection, schemaPrefix, ['frame_archive']);
    await connection.end();
  }
}

runMain(main);
