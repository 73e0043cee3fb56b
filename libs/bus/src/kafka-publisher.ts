import type { Message, Producer, TopicMessages } from 'kafkajs';
import { murmur2Partition } from './murmur2';
import { BUNDLE_HEADER, bundledSize, encodeBundle, MAX_BUNDLE_BYTES } from './record-bundle';

interface PendingPublish {
  topic: string;
  messages: Message[];
  /** Set for a bundled topic: its partition count (a record's partition is its key's murmur2 one). */
  bundleIn?: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Coalesces concurrent publish calls into one produce request per linger window. The gateway
 * publishes one frame at a time from thousands of sockets; without this each frame would cost a
 * broker round trip. Every caller still learns the outcome of exactly its own records.
 */
export class KafkaPublisher {
  private pending: PendingPublish[] = [];
  private pendingCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly producer: Producer,
    private readonly lingerMs: number,
    private readonly maxBatchRecords: number,
  ) {}

  /**
   * Queues `messages` for the next produce request. With `bundleIn` partitions (a bundled topic: keyed
   * records, Buffer values, no headers), the records of one partition queued in the same window
   * travel as bundles (record-bundle.ts).
   */
  publish(topic: string, messages: Message[], bundleIn?: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ topic, messages, bundleIn, resolve, reject });
      this.pendingCount += messages.length;
      if (this.pendingCount >= this.maxBatchRecords) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.lingerMs);
    });
  }

  /** Sends what is pending and waits for every request in flight. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.allSettled([...this.inFlight]);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.pendingCount = 0;
    const byTopic = new Map<string, Message[]>();
    const bundled = new Map<string, Map<number, Message[]>>();
    for (const entry of batch) {
      if (entry.bundleIn) {
        let partitions = bundled.get(entry.topic);
        if (!partitions) bundled.set(entry.topic, (partitions = new Map()));
        for (const message of entry.messages) {
          const partition = murmur2Partition(message.key as string, entry.bundleIn);
          const list = partitions.get(partition);
          if (list) list.push(message);
          else partitions.set(partition, [message]);
        }
        continue;
      }
      const list = byTopic.get(entry.topic);
      if (list) list.push(...entry.messages);
      else byTopic.set(entry.topic, [...entry.messages]);
    }
    for (const [topic, partitions] of bundled) {
      const list = byTopic.get(topic) ?? [];
      for (const [partition, messages] of partitions) list.push(...bundles(partition, messages));
      byTopic.set(topic, list);
    }
    const topicMessages: TopicMessages[] = [...byTopic].map(([topic, messages]) => ({ topic, messages }));
    const request = this.producer
      .sendBatch({ topicMessages, acks: -1 })
      .then(
        () => batch.forEach((entry) => entry.resolve()),
        (error: Error) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }
}

/**
 * The Kafka records that carry one partition's `messages` in order: bundles of up to MAX_BUNDLE_BYTES
 * (a lone record goes as itself, in the same partition).
 */
function bundles(partition: number, messages: Message[]): Message[] {
  const out: Message[] = [];
  let start = 0;
  while (start < messages.length) {
    let end = start + 1;
    let bytes = bundledSize(messages[start]!.key as string, messages[start]!.value as Buffer);
    for (; end < messages.length; end++) {
      const size = bundledSize(messages[end]!.key as string, messages[end]!.value as Buffer);
      if (bytes + size > MAX_BUNDLE_BYTES) break;
      bytes += size;
    }
    if (end - start === 1) out.push({ key: messages[start]!.key, value: messages[start]!.value, partition });
    else {
      const records = messages.slice(start, end).map((message) => ({ key: message.key as string, value: message.value as Buffer }));
      out.push({ partition, value: encodeBundle(records), headers: { [BUNDLE_HEADER]: String(records.length) } });
    }
    start = end;
  }
  return out;
}
