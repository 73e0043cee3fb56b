// `npm run bench:bus`: publish-to-consume throughput and latency of both bus adapters with position records.
// Kafka runs against the broker of `scripts/infra up` (KAFKA_BROKERS, default 127.0.0.1:9092).
const { randomUUID } = require('node:crypto');
const { InProcessBus, KafkaBus, silentBusLogger } = require('@openfleet/bus');
const { Topics } = require('@openfleet/contracts');
const { machineLine, percentile } = require('./machine');
const { samplePosition } = require('./sample-position');

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 10_000);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 5);
const adapters = (process.env.BENCH_ADAPTERS ?? 'in-process,kafka').split(',');

function makeBus(kind) {
  if (kind === 'kafka') {
    return new KafkaBus({
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
      clientId: 'bench-bus',
      logger: silentBusLogger,
      partitionsConsumedConcurrently: 12,
    });
  }
  return new InProcessBus({ logger: silentBusLogger, maxRetainedPerPartition: 2_000_000 });
}

/** Subscribes a consumer that records publish->consume latency, and waits until it receives a warm-up record. */
async function startConsumer(bus, topic) {
  const state = { count: 0, latencies: new Float64Array(RECORDS + PACED_RATE * PACED_SECONDS + 10), target: 1, done: null };
  let resolveDone;
  state.done = new Promise((resolve) => (resolveDone = resolve));
  const subscription = await bus.subscribe(topic, {
    group: `bench-${randomUUID().slice(0, 6)}`,
    maxBatchSize: 5000,
    handle: async (messages) => {
      const now = Date.now();
      for (const message of messages) state.latencies[state.count++] = now - message.value.receivedAtMs;
      if (state.count >= state.target) resolveDone();
    },
  });
  await bus.publish(topic, { key: 'warm-up', value: samplePosition(0) });
  await state.done;
  return { state, subscription };
}

function expectRecords(state, count) {
  state.count = 0;
  state.target = count;
  state.done = new Promise((resolve) => {
    const check = setInterval(() => {
      if (state.count >= state.target) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
}

async function throughputRun(bus, topic, state) {
  expectRecords(state, RECORDS);
  const start = Date.now();
  let next = 0;
  async function publisher() {
    while (next < RECORDS) {
      const from = next;
      next = Math.min(RECORDS, next + BATCH);
      const now = Date.now();
      const records = [];
      for (let i = from; i < next; i++) {
        const value = samplePosition(i);
        value.receivedAtMs = now;
        records.push({ key: value.terminalPhone, value });
      }
      await bus.publish(topic, records);
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, publisher));
  const published = Date.now();
  await state.done;
  const elapsed = Date.now() - start;
  const sorted = Float64Array.from(state.latencies.subarray(0, RECORDS)).sort();
  return {
    publishPerSecond: RECORDS / ((published - start) / 1000),
    endToEndPerSecond: RECORDS / (elapsed / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

async function pacedRun(bus, topic, state) {
  const total = PACED_RATE * PACED_SECONDS;
  const perTick = Math.max(1, Math.round(PACED_RATE / 100));
  expectRecords(state, total);
  const acks = new Float64Array(total);
  let sent = 0;
  const start = Date.now();
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - start) / 1000) * PACED_RATE) + perTick);
    const publishes = [];
    for (; sent < due; sent++) {
      const value = samplePosition(sent);
      value.receivedAtMs = Date.now();
      // One record per publish call, as the gateway does for each frame.
      const index = sent;
      publishes.push(bus.publish(topic, { key: value.terminalPhone, value }).then(() => (acks[index] = Date.now() - value.receivedAtMs)));
    }
    await Promise.all(publishes);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await state.done;
  const sorted = Float64Array.from(state.latencies.subarray(0, total)).sort();
  acks.sort();
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), ackP50: percentile(acks, 0.5), ackP99: percentile(acks, 0.99) };
}

async function main() {
  const rows = [];
  for (const kind of adapters) {
    const bus = makeBus(kind);
    const topic = { ...Topics.position, name: `bench.position-${randomUUID().slice(0, 8)}.v1` };
    const { state, subscription } = await startConsumer(bus, topic);
    const throughput = await throughputRun(bus, topic, state);
    const paced = await pacedRun(bus, topic, state);
    await subscription.close();
    await bus.close();
    rows.push({
      adapter: kind,
      records: RECORDS.toLocaleString('en-US'),
      'publish rec/s': Math.round(throughput.publishPerSecond).toLocaleString('en-US'),
      'publish->consume rec/s': Math.round(throughput.endToEndPerSecond).toLocaleString('en-US'),
      'saturated p50/p99 ms': `${throughput.p50} / ${throughput.p99}`,
      [`paced: publish ack p50/p99 ms`]: `${paced.ackP50} / ${paced.ackP99}`,
      [`paced: publish->consume p50/p99 ms`]: `${paced.p50} / ${paced.p99}`,
    });
  }
  console.log(`bus benchmark: ${RECORDS.toLocaleString('en-US')} position records, batches of ${BATCH}, ${IN_FLIGHT} publishes in flight; then ${PACED_SECONDS} s paced at ${PACED_RATE} rec/s, one record per publish`);
  console.table(rows);
  console.log(machineLine());
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench:bus failed: ${error.message}`);
    process.exit(1);
  },
);
