// Several records of one partition carried in one Kafka record (a "bundle"), for topics marked
// `bundled` in the catalogue (tracking.position.v1). kafkajs spends more per record than per byte:
// on the producer a zero-filled encoder buffer, varints and a partition-list copy per record, on the
// consumer an object, key and value buffers and header decoding per record (docs/bus.md, "Bundled
// topics"). A bundle pays that once for all the records one linger window put in a partition.
// Written here because Kafka has no such framing: it is our own, and only our consumers read it.
//
// Layout (big-endian), per record: key length u16, key (UTF-8), value length u32, value. The Kafka
// record has no key, the partition set explicitly (the one the records' keys map to) and the header
// BUNDLE_HEADER with the record count.

/** Header of a bundle; its value is the number of records inside, in decimal. */
export const BUNDLE_HEADER = 'of-bundle';

/** A bundle stays well under the broker's default 1 MiB message limit. */
export const MAX_BUNDLE_BYTES = 512 * 1024;

export interface BundledRecord {
  key: string;
  value: Buffer;
}

/** Bytes `record` takes inside a bundle. */
export function bundledSize(key: string, value: Buffer): number {
  return 6 + Buffer.byteLength(key) + value.length;
}

export function encodeBundle(records: readonly BundledRecord[]): Buffer {
  let size = 0;
  for (const record of records) size += bundledSize(record.key, record.value);
  const bundle = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { key, value } of records) {
    const keyBytes = bundle.write(key, at + 2, 'utf8');
    if (keyBytes > 0xffff) throw new Error('bundle: key longer than 65,535 bytes');
    bundle.writeUInt16BE(keyBytes, at);
    at += 2 + keyBytes;
    bundle.writeUInt32BE(value.length, at);
    value.copy(bundle, at + 4);
    at += 4 + value.length;
  }
  return bundle;
}

/**
 * The records of a bundle, values as views into it (no copies). Throws on a bundle that does not
 * hold exactly `count` whole records: the consumer parks it whole rather than guess.
 */
export function decodeBundle(bundle: Buffer, count: number): BundledRecord[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`bundle: bad record count ${count}`);
  const records: BundledRecord[] = [];
  let at = 0;
  while (at < bundle.length) {
    if (records.length === count) throw new Error(`bundle: bytes after its ${count} records`);
    if (at + 2 > bundle.length) throw new Error('bundle: truncated key length');
    const keyEnd = at + 2 + bundle.readUInt16BE(at);
    if (keyEnd + 4 > bundle.length) throw new Error('bundle: truncated key or value length');
    const valueEnd = keyEnd + 4 + bundle.readUInt32BE(keyEnd);
    if (valueEnd > bundle.length) throw new Error('bundle: truncated value');
    records.push({ key: bundle.toString('utf8', at + 2, keyEnd), value: bundle.subarray(keyEnd + 4, valueEnd) });
    at = valueEnd;
  }
  if (records.length !== count) throw new Error(`bundle: ${records.length} records, its header says ${count}`);
  return records;
}
