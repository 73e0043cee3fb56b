// Kafka's key hash and partition choice, shared by our producer's partitioner and the bundler.

/**
 * Kafka's murmur2 (the Java client's `Utils.murmur2`) in 32-bit integer arithmetic. kafkajs' own
 * runs the same steps on an emulated 64-bit Long (a dozen objects per key), and only the low 32
 * bits ever reach the result, so both give the same hash (kafka-partitioner.spec.ts checks it).
 */
export function murmur2(key: string | Buffer): number {
  const data = typeof key === 'string' ? Buffer.from(key) : key;
  const length = data.length;
  const m = 0x5bd1e995;
  let h = (0x9747b28c ^ length) | 0;
  const length4 = length >> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i << 2;
    let k = data[i4]! | (data[i4 + 1]! << 8) | (data[i4 + 2]! << 16) | (data[i4 + 3]! << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
  }
  // The last 1-3 bytes (the Java switch falls through from case 3 to case 1).
  const tail = length & ~3;
  const rest = length & 3;
  if (rest > 0) {
    if (rest === 3) h ^= data[tail + 2]! << 16;
    if (rest >= 2) h ^= data[tail + 1]! << 8;
    h ^= data[tail]!;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h;
}

/**
 * kafkajs' DefaultPartitioner with the hash above: an explicit partition wins, a key goes to
 * `(murmur2(key) & 0x7fffffff) % partitions` (the same partition as the default, so consumers and
 * `kafkaPartitionOf` agree), and keyless records keep the default's round robin.
 */
/** The partition of `key` among `partitions`, as Kafka's default partitioner picks it. */
export function murmur2Partition(key: string | Buffer, partitions: number): number {
  return (murmur2(key) & 0x7fffffff) % partitions;
}
