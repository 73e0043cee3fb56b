/** Stable key -> partition mapping for the in-process adapter (FNV-1a; Kafka uses its own murmur2 partitioner). */
export function partitionForKey(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
