import type { Producer, ProducerBatch } from 'kafkajs';
import { KafkaPublisher } from './kafka-publisher';
import { murmur2Partition } from './murmur2';
import { BUNDLE_HEADER, decodeBundle, MAX_BUNDLE_BYTES } from './record-bundle';

/** A producer stub that records each request and answers as told. */
function stubProducer(fail?: Error) {
  const requests: ProducerBatch[] = [];
  const producer = { sendBatch: async (batch: ProducerBatch) => { requests.push(batch); if (fail) throw fail; return []; } } as unknown as Producer;
  return { producer, requests };
}

const partitionOf = 2;

describe('KafkaPublisher', () => {
  it('sends a bundled topic as one Kafka record per partition, the records in publish order', async () => {
    const { producer, requests } = stubProducer();
    const publisher = new KafkaPublisher(producer, 1, 1000);
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
    await Promise.all(keys.map((key) => publisher.publish('positions', [{ key, value: Buffer.from(`v-${key}`) }], partitionOf)));
    expect(requests).toHaveLength(1);
    const [{ topic, messages }] = requests[0].topicMessages!;
    expect(topic).toBe('positions');
    // Per partition (murmur2 of the key, as Kafka's default partitioner), the keys in publish order.
    const expected = new Map<number, string[]>();
    for (const key of keys) expected.set(murmur2Partition(key, 2), [...(expected.get(murmur2Partition(key, 2)) ?? []), key]);
    expect(messages.length).toBe(expected.size);
    for (const message of messages) {
      const inside = expected.get(message.partition!)!;
      expect(message.key ?? null).toBeNull();
      expect(decodeBundle(message.value as Buffer, Number(String(message.headers![BUNDLE_HEADER]))).map((record) => `${record.key}=${record.value}`)).toEqual(inside.map((key) => `${key}=v-${key}`));
    }
  });

  it('sends a lone record of a partition as itself, in its partition, and other topics as they were', async () => {
    const { producer, requests } = stubProducer();
    const publisher = new KafkaPublisher(producer, 1, 1000);
    await Promise.all([publisher.publish('positions', [{ key: 'k1', value: Buffer.from('a') }], partitionOf), publisher.publish('alarms', [{ key: 'k1', value: Buffer.from('b') }, { key: 'k3', value: Buffer.from('c') }])]);
    const byTopic = Object.fromEntries(requests[0].topicMessages!.map((entry) => [entry.topic, entry.messages]));
    expect(byTopic.positions).toEqual([{ key: 'k1', value: Buffer.from('a'), partition: murmur2Partition('k1', 2) }]);
    expect(byTopic.alarms).toEqual([{ key: 'k1', value: Buffer.from('b') }, { key: 'k3', value: Buffer.from('c') }]);
  });

  it('splits a partition into bundles below MAX_BUNDLE_BYTES and loses none', async () => {
    const { producer, requests } = stubProducer();
    const publisher = new KafkaPublisher(producer, 1, 1000);
    const value = Buffer.alloc(100 * 1024, 1);
    await publisher.publish('positions', Array.from({ length: 12 }, (_, i) => ({ key: `k${i}1`, value })), partitionOf);
    const messages = requests[0].topicMessages![0].messages;
    expect(messages.length).toBe(3);
    expect(messages.every((message) => (message.value as Buffer).length <= MAX_BUNDLE_BYTES)).toBe(true);
    expect(messages.reduce((sum, message) => sum + Number(String(message.headers![BUNDLE_HEADER])), 0)).toBe(12);
  });

  it("rejects every caller of a failed request with the producer's error", async () => {
    const { producer } = stubProducer(new Error('broker away'));
    const publisher = new KafkaPublisher(producer, 1, 1000);
    const outcomes = await Promise.allSettled([publisher.publish('positions', [{ key: 'k1', value: Buffer.from('a') }], partitionOf), publisher.publish('positions', [{ key: 'k3', value: Buffer.from('b') }], partitionOf)]);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['broker away', 'broker away']);
  });
});
