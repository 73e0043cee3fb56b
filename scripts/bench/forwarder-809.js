/* global fetch -- Node 20 built-in */
// `npm run bench:809`: the JT/T 809 forwarder. Positions per forwarder CPU-second to one superior
// platform (2011, and 2019 enciphered) and split over five; then a 60 s outage under load: every
// position of the outage must arrive by 0x1203 afterwards, in order, none missing. The superior
// platforms run in a child process (their CPU is not counted); the forwarder runs in this process
// on the in-process bus with its tables on MariaDB (the backlog is durable there).
// BENCH_POSITIONS (default 100,000), BENCH_OUTAGE_S (60), BENCH_RATE (positions/s during the outage run, 1,000).
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { createConnection } = require('mysql2/promise');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { TokenService } = require('@openfleet/auth');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { Forwarder809Module, LinkManager } = require('@openfleet/forwarder-809');
const { machineLine } = require('./machine');

const VEHICLES = 10_000;
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const mysql = { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' };
const run = Date.now().toString(36);
const prefix = `openfleet_bench_809_${run}_`;
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const keys = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };

const plateOf = (v) => `京B${String(v).padStart(5, '0')}`;
const registry = Array.from({ length: VEHICLES }, (_, v) => ({
  key: `v${v}`,
  value: { vehicleId: `v${v}`, plateCode: plateOf(v), plateColor: 1, vin: '', companyId: `c${v % 5}`, companyPath: ['root', `c${v % 5}`], fleetPath: [], terminalPhone: `1390${String(v).padStart(7, '0')}`, deleted: false, updatedAt: Date.now() },
}));
/** Position `seq` of vehicle `v`: the sequence rides in the longitude so the superior can check order and gaps. */
const position = (v, seq) => ({
  terminalPhone: `1390${String(v).padStart(7, '0')}`, vehicleId: `v${v}`, gpsTimeS: 1_790_000_000 + seq, receivedAtMs: Date.now(), latitudeE6: 39_900_000, longitudeE6: 116_000_000 + seq, altitudeM: 40,
  speedDkmh: 500, directionDeg: 90, alarmFlags: 0, statusFlags: 3, mileageHm: 10_000, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: seq & 0xffff, sequence: 0, extrasJson: '',
});

function child() {
  const superior = fork(join(__dirname, 'forwarder-809-superior.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (message, type) => new Promise((resolve) => {
    const on = (reply) => {
      if (reply.type !== type) return;
      superior.off('message', on);
      resolve(reply);
    };
    superior.on('message', on);
    superior.send(message);
  });
  return { superior, ask };
}

async function startForwarder(bus) {
  const env = { LOG_LEVEL: 'silent', DB_ENGINE: 'mysql', MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password, MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: `bench-809-${run}-0123456789-0123456789-01234`, FORWARDER_809_SECRET: `bench-809-secret-${run}-0123456789-0123456789`, FORWARDER_809_SLAVE_PORT: '0', FORWARDER_809_RECONNECT_MIN_MS: '200', FORWARDER_809_RECONNECT_MAX_MS: '1000' };
  const app = await NestFactory.create({ module: class BenchRoot {}, imports: [PlatformModule.forRoot({ processName: 'bench-809', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }, { logger: process.env.BENCH_DEBUG ? ['warn', 'error'] : false });
  await app.listen(0, '127.0.0.1');
  return app;
}

/** Adds platforms through the API; with `split`, platform i gets company c<i> (2,000 vehicles), else one platform all five companies. */
async function addPlatforms(app, ports, edition, encrypt, split) {
  const token = await app.get(TokenService).sign({ id: '1', companyId: 'root', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } });
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}/platform809/platforms`;
  const call = async (path, method, body) => {
    const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await response.json();
    if (!json.flag) throw new Error(JSON.stringify(json));
    return json.data;
  };
  const slavePort = app.get(LinkManager).slavePort;
  for (const [i, port] of ports.entries()) {
    const platform = await call('', 'POST', { companyId: 'root', name: `bench ${i}`, edition, mainIp: '127.0.0.1', mainPort: port, slaveIp: '127.0.0.1', slavePort, userId: 5000 + i, password: 'bench', accessCode: 880000 + i, ...keys, encrypt, keepAliveS: 30 });
    const companies = split ? [`c${i}`] : ['c0', 'c1', 'c2', 'c3', 'c4'];
    await call(`/${platform.id}/targets`, 'PUT', { targets: companies.map((refId) => ({ kind: 'company', refId })) });
  }
}

/**
 * A forwarder with the vehicle registry, `platforms` superior platforms in the child process,
 * added and grouped through the API and online; `run` gets them, and everything is torn down after.
 */
async function withForwarder(platforms, edition, encrypt, run) {
  const bus = new InProcessBus({ logger: silentBusLogger });
  for (let i = 0; i < registry.length; i += 2000) await bus.publish(Topics.vehicleRegistry, registry.slice(i, i + 2000));
  const app = await startForwarder(bus);
  const { superior, ask } = child();
  try {
    const { ports } = await ask({ type: 'start', count: platforms, edition, keys }, 'ports');
    await addPlatforms(app, ports, edition, encrypt, platforms > 1);
    for (let i = 0; i < 200 && !(await ask({ type: 'stats' }, 'stats')).up.every(Boolean); i++) await sleep(100);
    return await run({ app, bus, ask });
  } finally {
    await app.close();
    superior.kill();
    const connection = await createConnection(mysql);
    await connection.query(`DROP DATABASE IF EXISTS \`${prefix}forwarder_809\``);
    await connection.end();
  }
}

async function throughput(name, edition, encrypt, platforms) {
  return withForwarder(platforms, edition, encrypt, async ({ app, bus, ask }) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let done = 0; done < POSITIONS; done += 1000) {
      const batch = [];
      for (let k = 0; k < 1000 && done + k < POSITIONS; k++) {
        const n = done + k;
        const v = n % VEHICLES;
        batch.push({ key: `1390${String(v).padStart(7, '0')}`, value: position(v, Math.floor(n / VEHICLES)) });
      }
      await bus.publish(Topics.position, batch);
    }
    let stats;
    for (;;) {
      stats = await ask({ type: 'stats' }, 'stats');
      if (stats.realtime + stats.reissued >= POSITIONS) break;
      if (process.env.BENCH_DEBUG) log(`  ${JSON.stringify(stats)} ${JSON.stringify([...app.get(LinkManager).all()].map((a) => [a.platform.id, [...a.companies], a.link.status.main, a.link.status.sent]))}`);
      if (performance.now() - started > 600_000) throw new Error(`only ${stats.realtime + stats.reissued} of ${POSITIONS} arrived`);
      await sleep(50);
    }
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    const wallS = (performance.now() - started) / 1000;
    log(`  ${name}: ${Math.round(POSITIONS / cpuS).toLocaleString('en')} positions per CPU-s`);
    return { name, rate: POSITIONS / cpuS, cpuS, wallS, stats };
  });
}

async function outage() {
  return withForwarder(1, '2011', false, async ({ bus, ask }) => {
    // RATE positions a second over 1,000 vehicles: 10 s before, OUTAGE_S down, 20 s after.
    const total = (10 + OUTAGE_S + 20) * RATE;
    const fleet = 1000;
    let sent = 0;
    let duringOutage = 0;
    let downAt = 0;
    let upAt = 0;
    const started = Date.now();
    while (sent < total) {
      const elapsed = (Date.now() - started) / 1000;
      if (!downAt && elapsed >= 10) {
        await ask({ type: 'down', index: 0 }, 'down');
        downAt = sent;
        log(`  superior down at ${sent.toLocaleString('en')} positions`);
      }
      if (downAt && !upAt && elapsed >= 10 + OUTAGE_S) {
        await ask({ type: 'up', index: 0 }, 'up');
        upAt = sent;
        duringOutage = upAt - downAt;
        log(`  superior up again after ${duringOutage.toLocaleString('en')} positions`);
      }
      const due = Math.min(total, Math.floor(elapsed * RATE));
      const batch = [];
      for (; sent < due; sent++) batch.push({ key: `1390${String(sent % fleet).padStart(7, '0')}`, value: position(sent % fleet, Math.floor(sent / fleet)) });
      if (batch.length) await bus.publish(Topics.position, batch);
      await sleep(20);
    }
    const depthAtEnd = await (async () => { for (;;) { const s = await ask({ type: 'stats' }, 'stats'); if (s.realtime + s.reissued >= total) return s; if (Date.now() - started > (OUTAGE_S + 200) * 1000) return s; await sleep(100); } })();
    const expect = Array.from({ length: fleet }, (_, v) => [plateOf(v), 0, Math.ceil((total - v) / fleet)]);
    const { missing } = await ask({ type: 'missing', expect }, 'missing');
    return { total, duringOutage, stats: depthAtEnd, missing, drainS: (Date.now() - started) / 1000 - (10 + OUTAGE_S + 20) };
  });
}

async function main() {
  log(`throughput: ${POSITIONS.toLocaleString('en')} positions of ${VEHICLES.toLocaleString('en')} vehicles`);
  const only = process.env.BENCH_ONLY ?? '';
  const rows = [];
  if (!only || only === 'one') rows.push(await throughput('one platform, 2011', '2011', false, 1), await throughput('one platform, 2019, enciphered', '2019', true, 1));
  if (!only || only === 'five') rows.push(await throughput('five platforms (2,000 vehicles each), 2011', '2011', false, 5));
  log(`outage: ${RATE} positions/s, superior down ${OUTAGE_S} s`);
  const o = await outage();
  console.log('');
  console.log(`| forwarding ${POSITIONS.toLocaleString('en')} positions of ${VEHICLES.toLocaleString('en')} vehicles | positions per forwarder CPU-s | CPU-s / wall s | out of order | goal |`);
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rate).toLocaleString('en')} | ${r.cpuS.toFixed(2)} / ${r.wallS.toFixed(1)} | ${r.stats.outOfOrder} | >= 10,000 |`);
  console.log('');
  console.log(`| outage of ${OUTAGE_S} s at ${RATE.toLocaleString('en')} positions/s (1,000 vehicles, 2011) | result |`);
  console.log('|---|---|');
  console.log(`| positions published / during the outage | ${o.total.toLocaleString('en')} / ${o.duringOutage.toLocaleString('en')} |`);
  console.log(`| arrived live (0x1202) / reissued (0x1203) | ${o.stats.realtime.toLocaleString('en')} / ${o.stats.reissued.toLocaleString('en')} |`);
  console.log(`| missing / out of order per vehicle | ${o.missing} / ${o.stats.outOfOrder} |`);
  console.log(`| backlog sent after the load stopped | ${Math.max(0, o.drainS).toFixed(1)} s |`);
  console.log('');
  console.log(machineLine());
  console.log('forwarder in this process (in-process bus, MariaDB tables); superior platforms in a child process, not counted.');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
