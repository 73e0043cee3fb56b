// `npm run bench:gateway`: the JT/T 808 gateway in a child process with the real Kafka bus, driven
// over TCP by many terminal connections from this process (127.0.0.x only). Every frame is its own
// TCP write and counts only once its 0x8001 (sent after the bus accepted it) is back.
//   1. throughput: BENCH_CONNECTIONS terminals in a closed loop -> location frames per gateway CPU-second
//   2. latency: the same terminals paced at each of BENCH_RATES frames/s -> frame->ack p50/p99
//   3. idle memory: a fresh gateway, BENCH_IDLE_SESSIONS authenticated idle sessions -> RSS per session
const { setTimeout: sleep } = require('node:timers/promises');
const { setInterval, clearInterval } = require('node:timers');
const { performance } = require('node:perf_hooks');
const { machineLine, percentile } = require('./machine');
const { startGateway: startGatewayOn, connectAll: connectAllOn } = require('./gateway-harness');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const IDLE_SESSIONS = Number(process.env.BENCH_IDLE_SESSIONS ?? 15_000);
// Paced rates to measure latency at: the goal's 10,000 frames/s, and one this box sustains with headroom.
const RATES = (process.env.BENCH_RATES ?? '10000,5000').split(',').map(Number);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 15);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
const IDLE_SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 26808);
const HTTP_PORT = Number(process.env.BENCH_GATEWAY_HTTP_PORT ?? 28081);
const RAW_CAPTURE = process.env.BENCH_RAW_CAPTURE ?? 'true';
const PHASES = (process.env.BENCH_PHASES ?? 'throughput,latency,idle').split(',');
const startGateway = (label, nodeArgs) => startGatewayOn(label, { port: PORT, httpPort: HTTP_PORT, rawCapture: RAW_CAPTURE, ...(nodeArgs ? { nodeArgs } : {}) });
const connectAll = (count) => connectAllOn(count, { port: PORT });

function cpuSeconds(before, after) {
  return (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1e6;
}

async function throughput(gateway, terminals) {
  let acked = 0;
  let running = true;
  const latencies = [];
  for (const t of terminals)
    t.onAck = (terminal, ms) => {
      acked++;
      if (latencies.length < 2_000_000) latencies.push(ms);
      if (running) terminal.report();
    };
  // Warm-up, then measure.
  terminals.forEach((t) => t.report());
  await sleep(2000);
  const before = await gateway.stats();
  const ackedBefore = acked;
  const t0 = performance.now();
  latencies.length = 0;
  await sleep(THROUGHPUT_SECONDS * 1000);
  const after = await gateway.stats();
  const frames = acked - ackedBefore;
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await sleep(1000);
  terminals.forEach((t) => t.sentAt.clear());
  const cpu = cpuSeconds(before, after);
  const system = (after.cpu.system - before.cpu.system) / 1e6;
  latencies.sort((a, b) => a - b);
  return { frames, seconds, cpu, system, perCpuSecond: frames / cpu, perSecond: frames / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function paced(gateway, terminals, RATE) {
  const latencies = [];
  let acked = 0;
  for (const t of terminals)
    t.onAck = (_, ms) => {
      acked++;
      latencies.push(ms);
    };
  const tickMs = 10;
  const perTick = Math.round((RATE * tickMs) / 1000);
  let next = 0;
  let sent = 0;
  const before = await gateway.stats();
  const t0 = performance.now();
  const timer = setInterval(() => {
    // Catch up on ticks the event loop delivered late so the offered rate stays at RATE.
    const due = Math.floor(((performance.now() - t0) / 1000) * RATE) - sent;
    for (let i = 0; i < Math.min(due, perTick * 5); i++) {
      terminals[next].report();
      next = (next + 1) % terminals.length;
      sent++;
    }
  }, tickMs);
  await sleep(LATENCY_SECONDS * 1000);
  clearInterval(timer);
  await sleep(2000);
  const after = await gateway.stats();
  latencies.sort((a, b) => a - b);
  return { sent, acked, offered: sent / LATENCY_SECONDS, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies[latencies.length - 1], cpu: cpuSeconds(before, after) };
}

async function idleMemory() {
  // Default V8 flags: the throughput phases' larger young generation is a fixed cost, not a per-session one.
  const gateway = startGateway('idle', []);
  await gateway.ready;
  await sleep(2000);
  const before = await gateway.stats(true);
  const { terminals, loginSeconds } = await connectAll(IDLE_SESSIONS);
  // Let the login burst's garbage go and V8's memory reducer shrink the heap, as it would for long-idle sessions.
  await sleep(IDLE_SETTLE_SECONDS * 1000);
  await gateway.stats(true);
  const after = await gateway.stats(true);
  terminals.forEach((t) => t.close());
  await gateway.stop();
  const perSession = (after.memory.rss - before.memory.rss) / IDLE_SESSIONS;
  const heapPerSession = (after.memory.heapUsed - before.memory.heapUsed) / IDLE_SESSIONS;
  const externalPerSession = (after.memory.external - before.memory.external) / IDLE_SESSIONS;
  const heapTotalPerSession = (after.memory.heapTotal - before.memory.heapTotal) / IDLE_SESSIONS;
  return { sessions: IDLE_SESSIONS, loginSeconds, rssBefore: before.memory.rss, rssAfter: after.memory.rss, perSession, heapPerSession, externalPerSession, heapTotalPerSession };
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
const mib = (bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`;

async function main() {
  const rows = [];
  const machine = { raw: RAW_CAPTURE, connections: CONNECTIONS };
  if (PHASES.includes('throughput') || PHASES.includes('latency')) {
    const gateway = startGateway('load');
    await gateway.ready;
    const { terminals, loginSeconds } = await connectAll(CONNECTIONS);
    rows.push(['sessions registered + authenticated', `${fmt(CONNECTIONS)} in ${fmt(loginSeconds, 1)} s`]);
    if (PHASES.includes('throughput')) {
      const r = await throughput(gateway, terminals);
      rows.push(['closed loop: acked location frames', `${fmt(r.frames)} in ${fmt(r.seconds, 1)} s (${fmt(r.perSecond)}/s)`]);
      rows.push(['gateway CPU time (of which in the kernel)', `${fmt(r.cpu, 2)} s (${fmt(r.system, 2)} s)`]);
      rows.push(['location frames per gateway CPU-second', fmt(r.perCpuSecond)]);
      rows.push(['closed loop frame->ack p50 / p99', `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} ms`]);
    }
    if (PHASES.includes('latency')) {
      for (const rate of RATES) {
        await sleep(3000);
        const r = await paced(gateway, terminals, rate);
        rows.push([`paced ${fmt(rate)} frames/s: offered / acked`, `${fmt(r.offered)}/s, ${fmt(r.acked)} of ${fmt(r.sent)} acked`]);
        rows.push([`  frame->ack p50 / p99 / max`, `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} / ${fmt(r.max, 1)} ms`]);
        rows.push([`  gateway CPU`, `${fmt((r.cpu / (LATENCY_SECONDS + 2)) * 100)} % of one core`]);
      }
    }
    terminals.forEach((t) => t.close());
    await gateway.stop();
  }
  if (PHASES.includes('idle')) {
    const r = await idleMemory();
    rows.push([`idle: ${fmt(r.sessions)} authenticated sessions`, `RSS ${mib(r.rssBefore)} -> ${mib(r.rssAfter)} (login ${fmt(r.loginSeconds, 1)} s)`]);
    rows.push(['RSS per idle session', `${fmt(r.perSession / 1024, 2)} KiB`]);
    rows.push(['  of which JS heap used / committed / external', `${fmt(r.heapPerSession / 1024, 2)} / ${fmt(r.heapTotalPerSession / 1024, 2)} / ${fmt(r.externalPerSession / 1024, 2)} KiB`]);
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nJT/T 808 gateway, real Kafka bus, raw capture ${machine.raw}, ${fmt(CONNECTIONS)} connections`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log(machineLine());
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench:gateway failed: ${error.stack ?? error}`);
    process.exit(1);
  },
);
