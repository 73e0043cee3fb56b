import { randomBytes } from 'node:crypto';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { murmur2, murmur2Partitioner } from './kafka-bus';

const metadata = (partitions: number): PartitionMetadata[] =>
  Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0, replicas: [0], isr: [0], partitionErrorCode: 0 }));

describe('murmur2Partitioner', () => {
  // Keys as the platform writes them (terminal phones, VINs, ids) plus random text and bytes of every length 0-40.
  const keys: (string | Buffer)[] = ['', 'a', '013800138000', '13800138000', 'LSVAU2180N2183294', 'gateway-808-1', '京A12345', '809:10086'];
  for (let i = 0; i < 400; i++) {
    keys.push(randomBytes(i % 41).toString('base64').slice(0, i % 41));
    keys.push(randomBytes(i % 41));
  }
  keys.push(String.fromCodePoint(0x1f697) + '粤B·D12345');

  it.each([1, 3, 12, 64])('puts every key in the partition kafkajs DefaultPartitioner picks (%i partitions)', (partitions) => {
    const reference = Partitioners.DefaultPartitioner();
    const ours = murmur2Partitioner();
    const partitionMetadata = metadata(partitions);
    for (const key of keys) {
      const message = { key, value: null };
      expect({ key, partition: ours({ topic: 't', partitionMetadata, message }) }).toEqual({ key, partition: reference({ topic: 't', partitionMetadata, message }) });
    }
  });

  it('matches the Java client for known keys (Kafka Utils.murmur2 test vectors)', () => {
    // From Apache Kafka's UtilsTest.testMurmur2.
    expect(murmur2(Buffer.from('21'))).toBe(-973932308);
    expect(murmur2(Buffer.from('foobar'))).toBe(-790332482);
    expect(murmur2(Buffer.from('a-little-bit-long-string'))).toBe(-985981536);
    expect(murmur2(Buffer.from('a-little-bit-longer-string'))).toBe(-1486304829);
    expect(murmur2(Buffer.from('lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8'))).toBe(-58897971);
    expect(murmur2(Buffer.from([97, 98, 99]))).toBe(479470107);
  });

  it('keeps an explicit partition and spreads keyless records over the partitions', () => {
    const ours = murmur2Partitioner();
    const partitionMetadata = metadata(4);
    expect(ours({ topic: 't', partitionMetadata, message: { key: 'x', value: null, partition: 3 } })).toBe(3);
    const seen = new Set<number>();
    for (let i = 0; i < 8; i++) seen.add(ours({ topic: 't', partitionMetadata, message: { value: null } }));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});
