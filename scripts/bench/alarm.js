// `npm run bench:alarm` (needs `npm run infra -- up` and MariaDB):
//  1. detection through real Kafka: positions of 10,000 vehicles (every platform rule on, terminals
//     setting and clearing alarm bits now and then) are published by a child process; the alarm
//     service in this process consumes them on MariaDB. Result: positions per alarm-service CPU-second.
//  2. frame at the gateway -> alarm toast: terminals connected to a gateway child process set the
//     emergency bit; the api's socket.io hub in this process pushes the alarm to a client.
// (`npm run bench:alarm-query` measures the alarmHandle list on 10,000,000 rows.)
// Topics and groups carry a prefix of this run, so nothing else on the broker is read.
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Kafka, logLevel } = require('kafkajs');
const { createConnection } = require('mysql2/promise');
const { io } = require('socket.io-client');
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { Topics, canonicalTerminalPhone } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { AlarmModule } = require('@openfleet/alarm');
const { ApiModule } = require('@openfleet/api');
const { AlarmRulesService } = require('@openfleet/alarm/dist/rules/alarm-rules.service');
const { startGateway, connectAll } = require('./gateway-harness');
const { registryRecords, ALL_RULES_SQL } = require('./alarm-positions');
const { machineLine } = require('./machine');
const { brokers, mysql, run, latencyCell, dropSchemas, runMain } = require('./bench-kit');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 300_000);
const LIVE_TERMINALS = Number(process.env.BENCH_LIVE_TERMINALS ?? 500);
const LIVE_RATE = Number(process.env.BENCH_LIVE_RATE ?? 100);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 26810);
const GATEWAY_HTTP_PORT = Number(process.env.BENCH_GATEWAY_HTTP_PORT ?? 28083);
const topicPrefix = `benchalarm${run}.`;
const schemaPrefix = `openfleet_bench_alarm_${run}_`;
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const env = {
  LOG_LEVEL: 'silent', BUS: 'kafka', KAFKA_BROKERS: brokers.join(','), BUS_TOPIC_PREFIX: topicPrefix, DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user,
  MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: schemaPrefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`, INSTANCE_ID: `bench-alarm-${run}`,
  ALARM_DETECTOR_GROUP: 'bench-alarm-detector', ALARM_ATTACHMENT_PORT: '0',
};

async function startAlarm(modules) {
  const bus = new KafkaBus({ brokers, clientId: `bench-alarm-${run}`, logger: silentBusLogger, topicPrefix });
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-alarm', config: loadConfig(PlatformConfig, env), bus, env }), ...modules] }, { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false });
  await app.listen(0, '127.0.0.1');
  return { app, bus };
}

/** Messages of `topic` the group has not committed yet. */
async function lagOf(admin, group, topic) {
  const [ends, committed] = await Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId: group, topics: [topic] })]);
  const done = new Map(committed[0].partitions.map((p) => [p.partition, Math.max(0, Number(p.offset))]));
  return ends.reduce((sum, p) => sum + Number(p.high) - (done.get(p.partition) ?? 0), 0);
}

async function detection() {
  const { app, bus } = await startAlarm([AlarmModule]);
  const admin = new Kafka({ clientId: `bench-alarm-admin-${run}`, brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const dataSource = app.get(getDataSourceToken('alarm'));
    await dataSource.query(ALL_RULES_SQL);
    await app.get(AlarmRulesService).reload();
    const registry = registryRecords(VEHICLES);
    for (let i = 0; i < registry.length; i += 2000) await bus.publish(Topics.vehicleRegistry, registry.slice(i, i + 2000));
    // The detector's group has joined the (empty) topic: what is produced from now on is its work.
    await sleep(5000);
    const topic = `${topicPrefix}${Topics.position.name}`;
    const group = `${topicPrefix}${env.ALARM_DETECTOR_GROUP}`;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const producer = fork(join(__dirname, 'alarm-producer.js'), [String(VEHICLES), String(POSITIONS), topicPrefix], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const produced = new Promise((resolve, reject) => producer.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`producer exited with ${code}`)))));
    await produced;
    const deadline = Date.now() + 600_000;
    while ((await lagOf(admin, group, topic)) > 0) {
      if (Date.now() > deadline) throw new Error('the detector did not catch up within 10 minutes');
      await sleep(100);
    }
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    const wallS = (performance.now() - started) / 1000;
    const [{ n: stored }] = await dataSource.query('SELECT COUNT(*) AS n FROM alarm');
    return { cpuS, wallS, stored: Number(stored) };
  } finally {
    await admin.disconnect();
    await app.close();
  }
}

async function liveToast() {
  const { app, bus } = await startAlarm([ApiModule, AlarmModule]);
  const gateway = startGateway('alarm', { port: GATEWAY_PORT, httpPort: GATEWAY_HTTP_PORT, rawCapture: 'false', env: { BUS_TOPIC_PREFIX: topicPrefix } });
  const phoneOf = (i) => `02${run.slice(-4).replace(/\D/g, '7').padStart(4, '7')}${String(i).padStart(6, '0')}`;
  try {
    await gateway.ready;
    const registry = Array.from({ length: LIVE_TERMINALS }, (_, i) => ({ key: `live${i}`, value: { vehicleId: `live${i}`, plateCode: `京L${i}`, plateColor: 1, vin: '', companyId: 'bc', companyPath: ['root', 'bc'], fleetPath: [], terminalPhone: canonicalTerminalPhone(phoneOf(i)), vehicleType: 1, deleted: false, updatedAt: Date.now() } }));
    await bus.publish(Topics.vehicleRegistry, registry);
    const { terminals, loginSeconds } = await connectAll(LIVE_TERMINALS, { port: GATEWAY_PORT, phoneOf });
    log(`${LIVE_TERMINALS} terminals authenticated in ${loginSeconds.toFixed(1)} s`);
    const token = await app.get(TokenService).sign({ id: '1', companyId: 'root', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
    const socket = io(`http://127.0.0.1:${app.getHttpServer().address().port}`, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    await new Promise((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    const sentAt = new Map();
    const latencies = [];
    socket.on('alarm', (alarm) => {
      if (alarm.endedAt || alarm.type !== 'emergency') return;
      const at = sentAt.get(`${alarm.terminalPhone}:${alarm.startedAt}`);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
    await sleep(5000); // the detector's and the hub's groups have joined
    // Each terminal alternates: the emergency bit set (an alarm starts), then cleared (it ends).
    const total = LIVE_RATE * LIVE_SECONDS;
    const began = performance.now();
    let starts = 0;
    const baseS = Math.floor(Date.now() / 1000);
    for (let n = 0; n < total * 2; n++) {
      const due = began + (n * 500) / LIVE_RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const terminal = terminals[n % LIVE_TERMINALS];
      const cycle = Math.floor(n / LIVE_TERMINALS);
      const setBit = cycle % 2 === 0;
      const timeS = baseS + cycle;
      terminal.send(0x0200, { alarm: setBit ? 1 : 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 50, speed: 0, direction: 0, time: new Date(timeS * 1000), extras: [] });
      if (setBit) {
        sentAt.set(`${canonicalTerminalPhone(terminal.phone)}:${timeS * 1000}`, performance.now());
        starts++;
      }
    }
    const deadline = performance.now() + 30_000;
    while (latencies.length < starts && performance.now() < deadline) await sleep(100);
    socket.close();
    terminals.forEach((terminal) => terminal.close());
    return { starts, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - began) / 1000 };
  } finally {
    await gateway.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
  }
}

async function main() {
  try {
    log(`detection: ${POSITIONS.toLocaleString('en')} positions of ${VEHICLES.toLocaleString('en')} vehicles through Kafka ...`);
    const detected = await detection();
    log('frame -> toast ...');
    const live = await liveToast();
    console.log('');
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    console.log(`| positions per alarm-service CPU-second through Kafka (${VEHICLES.toLocaleString('en')} vehicles, every platform rule on) | ${Math.round(POSITIONS / detected.cpuS).toLocaleString('en')} (${POSITIONS.toLocaleString('en')} positions in ${detected.cpuS.toFixed(2)} CPU-s, ${detected.wallS.toFixed(1)} s wall; ${detected.stored.toLocaleString('en')} alarms stored) | >= 50,000 |`);
    console.log(`| frame at the gateway -> alarm in a socket.io client (${LIVE_RATE} alarms/s from ${LIVE_TERMINALS} terminals): p50 / p95 / p99 / max | ${latencyCell(live.latencies)} (${live.latencies.length} of ${live.starts} arrived) | p99 <= 1000 ms |`);
    console.log('');
    console.log(machineLine());
    console.log(`Kafka ${brokers.join(',')}, MariaDB ${mysql.host}:${mysql.port}; the alarm service (and the api for the toast) in this process, the producer and the gateway in child processes.`);
  } finally {
    const connection = await createConnection(mysql);
    await dropSchemas(connection, schemaPrefix, ['alarm', 'tracking', 'admin']);
    await connection.end();
  }
}

runMain(main);
