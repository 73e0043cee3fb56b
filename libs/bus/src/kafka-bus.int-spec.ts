// Runs the bus contract against the real Kafka broker started by `scripts/infra up` (127.0.0.1:9092).
import { silentBusLogger } from './bus-logger';
import { KafkaBus } from './kafka-bus';
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
