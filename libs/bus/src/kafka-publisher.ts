import type { Message, Producer, TopicMessages } from 'kafkajs';

interface PendingPublish {
  topic: string;
  messages: Message[];
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

  publish(topic: string, messages: Message[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ topic, messages, resolve, reject });
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
    for (const entry of batch) {
      const list = byTopic.get(entry.topic);
      if (list) list.push(...entry.messages);
      else byTopic.set(entry.topic, [...entry.messages]);
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
