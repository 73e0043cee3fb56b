/* global fetch -- Node 20 built-in */
// `npm run bench:instruction`: a command's round trip as an operator sees it — HTTP send on the api,
// the instruction service publishing to the real Kafka, the JT/T 808 gateway (child process) writing
// it to a TCP terminal, the terminal's 0x0001, the result back through Kafka, and the order's status 1
// arriving in a socket.io client — at a fixed send rate; then one batch to every online vehicle.
// Needs `npm run infra -- up` (Kafka) and MariaDB. Sizes are environment variables (see below).
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { createConnection } = require('mysql2/promise');
const { performance } = require('node:perf_hooks');
const { io } = require('socket.io-client');
const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { Topics, canonicalTerminalPhone } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { ApiModule } = require('@openfleet/api');
const { TrackingModule } = require('@openfleet/tracking');
const { InstructionModule } = require('@openfleet/instruction');
const { TerminalDirectory } = require('@openfleet/instruction/dist/registry/terminal-directory');
const { OrderDispatcher } = require('@openfleet/instruction/dist/order/order-dispatcher');
const { startGateway, connectAll } = require('./gateway-harness');
const { machineLine } = require('./machine');
const { brokers, mysql, run, latencyCell, dropSchemas, runMain } = require('./bench-kit');

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Sends at the same rate before the measured ones: the first seconds of a fresh process are slower (see docs/benchmarks.md). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 26809);
const GATEWAY_HTTP_PORT = Number(process.env.BENCH_GATEWAY_HTTP_PORT ?? 28082);
const prefix = `openfleet_bench_${run}_`;
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const env = {
  LOG_LEVEL: 'silent', BUS: 'kafka', KAFKA_BROKERS: brokers.join(','), DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user,
  MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: `bench-${run}-0123456789-0123456789-0123456789`,
  INSTANCE_ID: `bench-instruction-${run}`, TRACKING_INGEST_GROUP: `bench-tracking-${run}`, TRACKING_INGEST_FROM: 'latest', INSTRUCTION_GROUP: `bench-instruction-${run}`,
  INSTRUCTION_BATCH_MAX: String(Math.max(5000, VEHICLES)),
};

/** api + instruction + tracking (whose vehicle state says who is online) on the real Kafka, one process. */
async function startServices() {
  const config = loadConfig(PlatformConfig, env);
  const bus = new KafkaBus({ brokers, clientId: `bench-instruction-${run}`, logger: silentBusLogger });
  const app = await NestFactory.create(
    { module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench', config, bus, env }), ApiModule, TrackingModule, InstructionModule] },
    { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false },
  );
  await app.listen(0, '127.0.0.1');
  return { app, bus, url: `http://127.0.0.1:${app.getHttpServer().address().port}` };
}

async function main() {
  const phoneOf = (i) => `02${run.slice(-4).replace(/\D/g, '7').padStart(4, '7')}${String(i).padStart(6, '0')}`;
  const { app, bus, url } = await startServices();
  const gateway = startGateway('instruction', { port: GATEWAY_PORT, httpPort: GATEWAY_HTTP_PORT, rawCapture: 'false' });
  const registry = Array.from({ length: VEHICLES }, (_, i) => ({
    key: `bench-cmd-${run}-${i}`,
    value: { vehicleId: `bench-cmd-${run}-${i}`, plateCode: `京C${String(i).padStart(5, '0')}`, plateColor: 1, vin: '', companyId: 'c0', companyPath: ['root', 'c0'], fleetPath: [], terminalPhone: canonicalTerminalPhone(phoneOf(i)), deleted: false, updatedAt: Date.now() },
  }));
  try {
    await gateway.ready;
    for (let i = 0; i < registry.length; i += 2000) await bus.publish(Topics.vehicleRegistry, registry.slice(i, i + 2000));
    // Terminals answer every command at once with 0x0001 result 0.
    const { terminals, loginSeconds } = await connectAll(VEHICLES, {
      port: GATEWAY_PORT,
      phoneOf,
      onCommand: (terminal, msg) => terminal.send(0x0001, { replySerial: msg.serial, replyId: msg.msgId, result: 0 }),
    });
    log(`${VEHICLES} terminals authenticated in ${loginSeconds.toFixed(1)} s`);
    const directory = app.get(TerminalDirectory);
    const waitStarted = Date.now();
    while (registry.some(({ value }) => !directory.vehicles.byVehicleId(value.vehicleId) || !directory.isOnline(value.terminalPhone))) {
      if (Date.now() - waitStarted > 120_000) throw new Error('the instruction service did not see every terminal online within 120 s');
      await sleep(200);
    }
    const token = await app.get(TokenService).sign({ id: '1', companyId: 'c0', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
    const settled = new Map();
    const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    await new Promise((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    socket.on('instructionOrder', (event) => {
      if (event.status !== 7 && event.status !== 5 && event.status !== 0 && !settled.has(event.orderId)) settled.set(event.orderId, { at: performance.now(), status: event.status });
    });
    await sleep(3000); // the hub's consumer groups have joined
    const send = async (vehicleIds, extra = {}) => {
      const response = await fetch(`${url}/gps/sendOrder/send`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ commandType: 'text', vehicleIds, params: { text: '基准测试' }, ...extra }) });
      const envelope = await response.json();
      if (!envelope.flag) throw new Error(JSON.stringify(envelope));
      return envelope.data;
    };

    // Phase 1: RATE single-vehicle sends per second, WARMUP_S seconds of warm-up then SECONDS measured.
    const sent = [];
    const warmupSent = [];
    const warmupTotal = RATE * WARMUP_S;
    const total = warmupTotal + RATE * SECONDS;
    const phaseStarted = performance.now();
    let measuredStarted = phaseStarted;
    const inFlight = [];
    for (let n = 0; n < total; n++) {
      const due = phaseStarted + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const startedAt = performance.now();
      if (n === warmupTotal) measuredStarted = startedAt;
      const into = n < warmupTotal ? warmupSent : sent;
      inFlight.push(send([registry[n % VEHICLES].value.vehicleId]).then((outcomes) => into.push({ orderId: outcomes[0].orderId, startedAt })));
    }
    await Promise.all(inFlight);
    const sendSeconds = (performance.now() - measuredStarted) / 1000;
    const deadline = performance.now() + 30_000;
    while ([...warmupSent, ...sent].some((s) => !settled.has(s.orderId)) && performance.now() < deadline) await sleep(100);
    const latenciesOf = (orders) => orders.filter((s) => settled.has(s.orderId)).map((s) => settled.get(s.orderId).at - s.startedAt).sort((a, b) => a - b);
    const latencies = latenciesOf(sent);
    const warmupLatencies = latenciesOf(warmupSent);
    const successes = sent.filter((s) => settled.get(s.orderId)?.status === 1).length;

    // Phase 2: one batch to every vehicle.
    await sleep(2000);
    const batchStarted = performance.now();
    const outcomes = await send(registry.map(({ value }) => value.vehicleId));
    const batchAnswered = performance.now() - batchStarted;
    const batchDeadline = performance.now() + 60_000;
    while (outcomes.some((o) => !settled.has(o.orderId)) && performance.now() < batchDeadline) await sleep(20);
    const batchFinal = outcomes.filter((o) => settled.has(o.orderId));
    const batchLast = batchFinal.length ? Math.max(...batchFinal.map((o) => settled.get(o.orderId).at)) - batchStarted : NaN;
    const batchOk = batchFinal.filter((o) => settled.get(o.orderId).status === 1).length;

    // Phase 3: the whole fleet offline, an order queued for each vehicle, then every terminal back at
    // once (a gateway's restart): time until every queued order is answered, the order lookups the
    // instruction service made for it, and the slowest /health meanwhile (it shares the database pool).
    terminals.forEach((terminal) => terminal.close());
    const offlineStarted = Date.now();
    while (registry.some(({ value }) => directory.isOnline(value.terminalPhone))) {
      if (Date.now() - offlineStarted > 120_000) throw new Error('the instruction service did not see every terminal offline within 120 s');
      await sleep(200);
    }
    const queuedOutcomes = await send(registry.map(({ value }) => value.vehicleId), { offlinePolicy: 'queue' });
    if (queuedOutcomes.some((o) => o.status !== 5)) throw new Error(`not every order queued: ${JSON.stringify(queuedOutcomes.find((o) => o.status !== 5))}`);
    const orders = app.get(OrderDispatcher).orders;
    const find = orders.find.bind(orders);
    let lookups = 0;
    orders.find = (...args) => {
      lookups++;
      return find(...args);
    };
    let healthMax = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const probeStarted = performance.now();
        await fetch(`${url}/health`).catch(() => undefined);
        healthMax = Math.max(healthMax, performance.now() - probeStarted);
        await sleep(100);
      }
    })();
    const reconnectStarted = performance.now();
    const again = await connectAll(VEHICLES, { port: GATEWAY_PORT, phoneOf, onCommand: (terminal, msg) => terminal.send(0x0001, { replySerial: msg.serial, replyId: msg.msgId, result: 0 }) });
    const queueDeadline = performance.now() + 120_000;
    while (queuedOutcomes.some((o) => !settled.has(o.orderId)) && performance.now() < queueDeadline) await sleep(20);
    const queuedFinal = queuedOutcomes.filter((o) => settled.has(o.orderId));
    const queuedLast = queuedFinal.length ? Math.max(...queuedFinal.map((o) => settled.get(o.orderId).at)) - reconnectStarted : NaN;
    const queuedOk = queuedFinal.filter((o) => settled.get(o.orderId).status === 1).length;
    probing = false;
    await probe;
    orders.find = find;
    socket.close();
    again.terminals.forEach((terminal) => terminal.close());

    const ms = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-');
    console.log('');
    console.log('| measure | result | goal |');
    console.log('|---|---|---|');
    console.log(`| single sends: rate achieved | ${(sent.length / sendSeconds).toFixed(0)}/s for ${sendSeconds.toFixed(0)} s (${sent.length} orders) | 200/s |`);
    if (WARMUP_S > 0) console.log(`| warm-up, the first ${WARMUP_S} s of sends (not measured against the goal): p50 / p95 / p99 / max | ${latencyCell(warmupLatencies)} | |`);
    console.log(`| send -> status 1 in socket.io: p50 / p95 / p99 / max | ${latencyCell(latencies)} | p99 <= 300 ms |`);
    console.log(`| single sends settled successfully | ${successes} of ${sent.length} | all |`);
    console.log(`| batch to ${VEHICLES} vehicles: HTTP answer | ${ms(batchAnswered)} ms | |`);
    console.log(`| batch: every status final | ${ms(batchLast)} ms (${batchOk} of ${VEHICLES} success) | <= 5000 ms |`);
    console.log(`| queued for ${VEHICLES} offline vehicles, all reconnecting: every order answered | ${ms(queuedLast)} ms from the first reconnect (${queuedOk} of ${VEHICLES} success; logins ${again.loginSeconds.toFixed(1)} s) | |`);
    console.log(`| the same: queued-order lookups / slowest /health | ${lookups} / ${ms(healthMax)} ms | |`);
    console.log('');
    console.log(machineLine());
    console.log(`Kafka ${brokers.join(',')}, MariaDB ${mysql.host}:${mysql.port}; gateway in a child process; api, instruction and tracking in this process.`);
  } finally {
    await gateway.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    const connection = await createConnection(mysql);
    await dropSchemas(connection, prefix, ['instruction', 'tracking']);
    await connection.end();
  }
}

runMain(main);
