// `npm run bench:bus-idle`: what an idle deployment costs on the Kafka bus. BENCH_PROCESSES processes
// (default 26, compose's replica count) each hold one KafkaBus with BENCH_SUBSCRIPTIONS consumer groups
// (default 4) and a connected publisher, on topics nobody writes to. After a warm-up, it measures for
// BENCH_SECONDS the CPU of those processes and of the broker (the `java` processes), then how long a
// record published into the idle topic takes to reach its consumer (the long poll must not add to it).
// Kafka runs against the broker of `scripts/infra up` (KAFKA_BROKERS, default 127.0.0.1:9092).
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { brokers, run, deleteRunTopics, runMain } = require('./bench-kit');
const { machineLine, percentile, processCpuSeconds } = require('./machine');
const { samplePosition } = require('./sample-position');

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 26);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 4);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PROBES = 20;
const prefix = `benchidle${run}.`;

/** One idle "service": a bus, its subscriptions, its publisher; answers the parent's questions. */
async function child() {
  const { KafkaBus, silentBusLogger } = require('@openfleet/bus');
  const { Topics } = require('@openfleet/contracts');
  const index = Number(process.argv[3]);
  const bus = new KafkaBus({ brokers, clientId: `bench-idle-${index}`, logger: silentBusLogger, topicPrefix: prefix });
  const delivered = new Map();
  for (let s = 0; s < SUBSCRIPTIONS; s++) {
    await bus.subscribe(Topics.position, {
      group: `idle-${index}-${s}`,
      fromBeginning: false,
      handle: async (messages) => {
        if (s === 0) for (const message of messages) delivered.get(message.value.terminalPhone)?.(Date.now());
      },
    });
  }
  process.on('message', async (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
    if (message === 'probe') {
      // Records into the idle topic, one at a time: publish to this process's own consumer.
      const latencies = [];
      for (let i = 0; i < PROBES; i++) {
        const value = samplePosition(index * PROBES + i);
        const got = new Promise((resolve) => delivered.set(value.terminalPhone, resolve));
        const at = Date.now();
        await bus.publish(Topics.position, [{ key: value.terminalPhone, value }]);
        latencies.push((await got) - at);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      process.send({ latencies });
    }
    if (message === 'stop') {
      await bus.close();
      process.exit(0);
    }
  });
  process.send({ ready: true });
}

const ask = (worker, question, key) =>
  new Promise((resolve) => {
    const listener = (message) => {
      if (message[key] === undefined) return;
      worker.off('message', listener);
      resolve(message[key]);
    };
    worker.on('message', listener);
    worker.send(question);
  });
const cpuSeconds = ({ user, system }) => (user + system) / 1e6;

async function main() {
  const workers = [];
  for (let i = 0; i < PROCESSES; i++) workers.push(fork(join(__dirname, 'bus-idle.js'), ['child', String(i)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  try {
    await Promise.all(workers.map((worker) => new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('exit', (code) => reject(new Error(`a bus process exited with ${code}`)));
    })));
    await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    const before = await Promise.all(workers.map((worker) => ask(worker, 'cpu', 'cpu')));
    const brokerBefore = processCpuSeconds('java');
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const after = await Promise.all(workers.map((worker) => ask(worker, 'cpu', 'cpu')));
    const brokerAfter = processCpuSeconds('java');
    const wall = (Date.now() - startedAt) / 1000;
    const perProcess = after.map((usage, i) => (100 * (cpuSeconds(usage) - cpuSeconds(before[i]))) / wall);
    const clients = perProcess.reduce((sum, n) => sum + n, 0);
    const broker = (100 * (brokerAfter - brokerBefore)) / wall;
    const latencies = (await ask(workers[0], 'probe', 'latencies')).sort((a, b) => a - b);
    const pct = (n) => `${n.toFixed(1)} %`;
    console.log(`\nIdle bus: ${PROCESSES} processes x ${SUBSCRIPTIONS} consumer groups + a publisher each, ${SECONDS} s after ${WARMUP_S} s of warm-up (CPU in % of one core)`);
    console.table([
      {
        'bus processes, total': pct(clients),
        'per process, mean / max': `${pct(clients / PROCESSES)} / ${pct(Math.max(...perProcess))}`,
        'broker (java)': Number.isNaN(broker) ? 'n/a' : pct(broker),
        'idle topic: publish -> consume p50 / max': `${percentile(latencies, 0.5)} / ${latencies[latencies.length - 1]} ms`,
      },
    ]);
    console.log(machineLine());
  } finally {
    await Promise.all(workers.map((worker) => new Promise((resolve) => {
      worker.once('exit', resolve);
      worker.send('stop');
      setTimeout(() => worker.kill('SIGKILL'), 10_000).unref();
    })));
    await deleteRunTopics(prefix);
  }
}

if (process.argv[2] === 'child') child();
else runMain(main);
