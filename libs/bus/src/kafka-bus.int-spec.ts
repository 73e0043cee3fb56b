// Runs the bus contract against the real Kafka broker started by `scripts/infra up` (127.0.0.1:9092).
import { deadLetterTopic } from '@openfleet/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { silentBusLogger } from './bus-logger';
import { DeadLetterHeaders } from './event-bus';
import { KafkaBus, murmur2Partition } from './kafka-bus';
import { BUNDLE_HEADER } from './record-bundle';
import { describeBusContract } from './testing/bus-contract';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describeBusContract(
  'kafka',
  async () =>
    new KafkaBus({
      brokers,
      clientId: 'bus-contract-test',
      logger: silentBusLogger,
      backoff: { initialMs: 20, maxMs: 200 },
    }),
  30_000,
);

// The same behaviour when every topic is bundled (several records of a partition in one Kafka record).
describeBusContract(
  'kafka, bundled topics',
  async () => new KafkaBus({ brokers, clientId: 'bus-contract-bundled', logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } }),
  30_000,
  { bundled: true },
);

describe('KafkaBus bundled topic on the log', () => {
  it('packs a window of records into one Kafka record per partition, unpacks them in order, and parks a malformed bundle whole', async () => {
    const topic = { name: `test.bundle-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.v1`, key: 'terminal' as const, partitions: 3, codec: rawJson(), description: 'bundle test', bundled: true };
    const bus = new KafkaBus({ brokers, clientId: 'bundle-test', logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
    const kafka = new Kafka({ brokers, logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    try {
      // 300 records of 30 keys, published one call each within one linger window, as the gateway does per frame.
      const sent = Array.from({ length: 300 }, (_, i) => ({ key: `0138${String(i % 30).padStart(8, '0')}`, value: `r${i}` }));
      await Promise.all(sent.map((record) => bus.publish(topic, record)));
      const marks = await bus.watermarks(topic);
      const onTheLog = marks.reduce((sum, mark) => sum + mark.high, 0);
      expect(onTheLog).toBeGreaterThan(0);
      expect(onTheLog).toBeLessThanOrEqual(30);
      // A bundle whose header promises more records than it holds, then one good record behind it.
      await producer.connect();
      await producer.send({ topic: topic.name, messages: [{ partition: 0, value: Buffer.from([0, 1, 0x41, 0, 0, 0, 1, 0x42]), headers: { [BUNDLE_HEADER]: '2' } }] });
      // ... and a good record behind it in the same partition: the partition does not stall.
      const after = ['a', 'b', 'c', 'd', 'e', 'f'].find((key) => murmur2Partition(key, 3) === 0)!;
      await bus.publish(topic, { key: after, value: 'after-the-bad-one' });
      const seen: { key: string; value: string }[] = [];
      const parked: { value: Buffer; error: string }[] = [];
      await bus.subscribe(topic, { group: `bundle-${topic.name}`, handle: async (messages) => void seen.push(...messages.map((m) => ({ key: m.key, value: String(m.value) }))) });
      await bus.subscribe(deadLetterTopic(topic), { group: `bundle-dlq-${topic.name}`, handle: async (messages) => void parked.push(...messages.map((m) => ({ value: m.value as unknown as Buffer, error: m.headers[DeadLetterHeaders.error] }))) });
      const deadline = Date.now() + 20_000;
      while ((seen.length < 301 || parked.length < 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toHaveLength(301);
      for (let k = 0; k < 30; k++) {
        const key = `0138${String(k).padStart(8, '0')}`;
        expect(seen.filter((record) => record.key === key).map((record) => record.value)).toEqual(sent.filter((record) => record.key === key).map((record) => record.value));
      }
      expect(seen).toContainEqual({ key: after, value: 'after-the-bad-one' });
      expect(parked).toHaveLength(1);
      expect(parked[0].error).toMatch(/bundle: 1 records, its header says 2/);
    } finally {
      await producer.disconnect();
      await bus.close();
    }
  }, 40_000);
});

describe('KafkaBus topic prefix (deployments sharing one broker)', () => {
  const topic = { name: `test.prefix-${Date.now()}.v1`, key: 'vehicle' as const, partitions: 1, codec: rawJson(), description: 'prefix test' };
  const buses: KafkaBus[] = [];
  const make = (topicPrefix: string) => {
    const bus = new KafkaBus({ brokers, clientId: `prefix-${topicPrefix}`, logger: silentBusLogger, topicPrefix });
    buses.push(bus);
    return bus;
  };

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('keeps two deployments with different prefixes apart on the same topic and group names', async () => {
    const east = make('east.');
    const west = make('west.');
    const seen = { east: [] as string[], west: [] as string[] };
    await east.subscribe(topic, { group: 'same-group', fromBeginning: true, handle: async (messages) => messages.forEach((m) => seen.east.push(String(m.value))) });
    await west.subscribe(topic, { group: 'same-group', fromBeginning: true, handle: async (messages) => messages.forEach((m) => seen.west.push(String(m.value))) });
    await east.publish(topic, [{ key: 'a', value: 'from-east' }]);
    await west.publish(topic, [{ key: 'a', value: 'from-west' }]);
    const deadline = Date.now() + 20_000;
    while ((seen.east.length < 1 || seen.west.length < 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen).toEqual({ east: ['from-east'], west: ['from-west'] });
  }, 40_000);
});

function rawJson() {
  return { contentType: 'application/json', encode: (value: string) => Buffer.from(JSON.stringify(value)), decode: (bytes: Buffer) => JSON.parse(bytes.toString()) as string };
}

describe('KafkaBus on a topic several processes create at once', () => {
  it('lets every one of them subscribe and consume, whoever created the topic', async () => {
    const topic = { name: `test.race-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.v1`, key: 'vehicle' as const, partitions: 6, codec: rawJson(), description: 'race test' };
    const buses = Array.from({ length: 4 }, (_, i) => new KafkaBus({ brokers, clientId: `race-${i}`, logger: silentBusLogger }));
    try {
      const seen: string[][] = buses.map(() => []);
      // All four ask for the new topic in the same moment, as the services of a fresh cluster do.
      await Promise.all(buses.map((bus, i) => bus.subscribe(topic, { group: `race-${i}-${topic.name}`, fromBeginning: true, handle: async (messages) => messages.forEach((m) => seen[i].push(String(m.value))) })));
      await buses[0].publish(topic, [{ key: 'k', value: 'hello' }]);
      const deadline = Date.now() + 20_000;
      while (seen.some((values) => values.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([['hello'], ['hello'], ['hello'], ['hello']]);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  }, 40_000);
});

describe('KafkaBus group that starts at the latest record (fromBeginning: false)', () => {
  it('skips what came before its first subscription and, after dying before its first commit, resumes where it started', async () => {
    const topic = { name: `test.pin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.v1`, key: 'vehicle' as const, partitions: 2, codec: rawJson(), description: 'pin test' };
    const group = `pin-${topic.name}`;
    const publisher = new KafkaBus({ brokers, clientId: 'pin-publisher', logger: silentBusLogger });
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    let second: KafkaBus | undefined;
    try {
      await publisher.publish(topic, [{ key: 'a', value: 'before-a' }, { key: 'b', value: 'before-b' }]);
      const first = new KafkaBus({ brokers, clientId: 'pin-first', logger: silentBusLogger });
      const seenFirst: string[] = [];
      await first.subscribe(topic, { group, fromBeginning: false, handle: async (messages) => messages.forEach((m) => seenFirst.push(String(m.value))) });
      // The group's start is committed although it consumed nothing (both partitions, past the two records).
      const committed = async () => (await admin.fetchOffsets({ groupId: group, topics: [topic.name] }))[0].partitions.map((p) => Number(p.offset)).reduce((a, b) => a + b, 0);
      const deadline = Date.now() + 20_000;
      while ((await committed()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await committed()).toBe(2);
      // It dies before handling anything; records are published while no member runs.
      await first.close();
      await publisher.publish(topic, [{ key: 'a', value: 'while-down-a' }, { key: 'b', value: 'while-down-b' }]);
      second = new KafkaBus({ brokers, clientId: 'pin-second', logger: silentBusLogger });
      const seen: string[] = [];
      await second.subscribe(topic, { group, fromBeginning: false, handle: async (messages) => messages.forEach((m) => seen.push(String(m.value))) });
      const until = Date.now() + 20_000;
      while (seen.length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([seenFirst, seen.sort()]).toEqual([[], ['while-down-a', 'while-down-b']]);
    } finally {
      await Promise.all([publisher.close(), second?.close(), admin.disconnect()]);
    }
  }, 60_000);
});
