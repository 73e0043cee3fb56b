import { deadLetterTopic, type TopicDef } from '@openfleet/contracts';
import { Kafka, logLevel as KafkaLogLevel, Partitioners, type Admin, type Consumer, type IHeaders, type ISocketFactory, type Producer } from 'kafkajs';
import { consoleBusLogger, type BusLogger } from './bus-logger';
import { deliverBatch, type DeliveryHooks, type EncodedRecord } from './delivery';
import { DeadLetterHeaders, type EventBus, type PublishRecord, type SubscribeOptions, type Subscription } from './event-bus';
import { KafkaPublisher } from './kafka-publisher';
import { coPartitionedAssigner, kafkaPartitionOf } from './co-partitioned-assigner';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger?: BusLogger;
  /** How long publishes wait to be coalesced into one produce request (default 2 ms). */
  lingerMs?: number;
  maxBatchRecords?: number;
  /** Partitions a group member consumes concurrently (default 4). */
  partitionsConsumedConcurrently?: number;
  backoff?: DeliveryHooks['backoff'];
  /** kafkajs connection/request timeouts and retry bounds. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** How the client opens broker connections (kafkajs default: plain TCP); failure tests use it to cut the network. */
  socketFactory?: ISocketFactory;
  /**
   * Put before every topic and consumer group name (`BUS_TOPIC_PREFIX`), so several deployments can
   * share one broker without reading each other's registry or state topics. Empty: the catalogue's names.
   */
  topicPrefix?: string;
}

/**
 * Kafka adapter (kafkajs). Publishes wait for acks from all in-sync replicas; consumers resolve and
 * commit an offset only after the handler succeeded for it (at-least-once, commit after write).
 */
export class KafkaBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private readonly logger: BusLogger;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly publisher: KafkaPublisher;
  private readonly consumers = new Set<Consumer>();
  private readonly knownTopics = new Map<string, Promise<void>>();
  private connected: Promise<void> | undefined;
  private producerUp = false;
  private closed = false;

  constructor(private readonly options: KafkaBusOptions) {
    this.logger = options.logger ?? consoleBusLogger;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: options.connectionTimeoutMs ?? 3000,
      requestTimeout: options.requestTimeoutMs ?? 30000,
      ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
      retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 10_000 },
      logLevel: KafkaLogLevel.WARN,
      logCreator: () => (entry) => {
        const detail = { namespace: entry.namespace, ...entry.log };
        if (entry.level <= KafkaLogLevel.ERROR) this.logger.error(detail, `kafka: ${entry.log.message}`);
        else this.logger.warn(detail, `kafka: ${entry.log.message}`);
      },
    });
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
      maxInFlightRequests: 5,
    });
    this.producer.on(this.producer.events.CONNECT, () => (this.producerUp = true));
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerUp = false));
    this.admin = this.kafka.admin();
    this.publisher = new KafkaPublisher(this.producer, options.lingerMs ?? 2, options.maxBatchRecords ?? 5000);
  }

  /** Connects the producer and admin client; called lazily by publish/subscribe. */
  connect(): Promise<void> {
    this.connected ??= Promise.all([this.producer.connect(), this.admin.connect()]).then(() => undefined);
    this.connected.catch(() => (this.connected = undefined));
    return this.connected;
  }

  /** The topic as this deployment names it on the broker (see `topicPrefix`). */
  private scoped<T>(topic: TopicDef<T>): TopicDef<T> {
    const prefix = this.options.topicPrefix;
    return prefix ? { ...topic, name: `${prefix}${topic.name}` } : topic;
  }

  async publish<T>(logical: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const topic = this.scoped(logical);
    const list = Array.isArray(records) ? records : [records];
    const messages = list.map((record) => ({
      key: record.key,
      value: topic.codec.encode(record.value),
      headers: record.headers,
    }));
    await this.ensureTopic(topic);
    await this.publisher.publish(topic.name, messages);
  }

  async subscribe<T>(logical: TopicDef<T>, logicalOptions: SubscribeOptions<T>): Promise<Subscription> {
    if (this.closed) throw new Error('bus is closed');
    const topic = this.scoped(logical);
    const options = { ...logicalOptions, group: `${this.options.topicPrefix ?? ''}${logicalOptions.group}` };
    // Joined topics: consumed by the same group, co-partitioned with the main topic.
    const handlers = new Map<string, { topic: TopicDef<unknown>; handle: SubscribeOptions<unknown>['handle'] }>([[topic.name, { topic: topic as TopicDef<unknown>, handle: options.handle as SubscribeOptions<unknown>['handle'] }]]);
    for (const joined of options.joined ?? []) {
      if (joined.topic.partitions !== topic.partitions) throw new Error(`${joined.topic.name} cannot join ${logical.name}: partition counts differ`);
      const scoped = this.scoped(joined.topic as TopicDef<unknown>);
      handlers.set(scoped.name, { topic: scoped, handle: joined.handle });
    }
    for (const { topic: each } of handlers.values()) {
      await this.ensureTopic(each);
      await this.ensureTopic(deadLetterTopic(each));
    }
    const consumer = this.kafka.consumer({
      groupId: options.group,
      ...(options.joined?.length ? { partitionAssigners: [coPartitionedAssigner] } : {}),
      allowAutoTopicCreation: false,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: 100,
      maxBytesPerPartition: options.fetchBytesPerPartition ?? 1_048_576,
      // The whole fetch response: room for the partitions consumed at once (4 by default) at the per-partition size.
      maxBytes: Math.max(10_485_760, (options.fetchBytesPerPartition ?? 0) * 4),
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 10_000 },
    });
    this.consumers.add(consumer);
    let running = true;
    // After each (re)join, the member learns which keys it owns before it handles any record of them.
    let assigned: Promise<void> = Promise.resolve();
    if (options.onAssigned) {
      const onAssigned = options.onAssigned;
      consumer.on(consumer.events.GROUP_JOIN, (event) => {
        const partitions = new Set(event.payload.memberAssignment[topic.name] ?? []);
        assigned = onAssigned((key) => partitions.has(kafkaPartitionOf(key, topic.partitions)));
      });
    }
    await consumer.connect();
    // A fresh broker may still be electing leaders or a coordinator: retriable errors are retried.
    for (let attempt = 1; ; attempt++) {
      try {
        await consumer.subscribe({ topics: [...handlers.keys()], fromBeginning: options.fromBeginning ?? true });
        break;
      } catch (error) {
        if (!(error as { retriable?: boolean }).retriable || attempt >= 10) throw error;
        this.logger.warn({ topic: topic.name, attempt }, `kafka: subscribe: ${(error as Error).message}; retrying`);
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
      }
    }
    await consumer.run({
      eachBatchAutoResolve: false,
      autoCommit: true,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 4,
      eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
        await assigned;
        const target = handlers.get(batch.topic);
        if (!target) return;
        const maxBatch = options.maxBatchSize ?? 500;
        for (let start = 0; start < batch.messages.length; start += maxBatch) {
          const slice = batch.messages.slice(start, start + maxBatch);
          const records: EncodedRecord[] = slice.map((message) => ({
            partition: batch.partition,
            offset: message.offset,
            key: message.key?.toString('utf8') ?? '',
            value: message.value ?? Buffer.alloc(0),
            headers: headersToStrings(message.headers),
            timestamp: Number(message.timestamp),
          }));
          const done = await deliverBatch(target.topic, { ...options, handle: target.handle } as SubscribeOptions<unknown>, records, {
            park: (parked) => this.park(target.topic, options.group, parked.record, parked.error),
            isActive: () => running && isRunning() && !isStale(),
            onRetry: heartbeat,
            logger: this.logger,
            backoff: this.options.backoff,
          });
          if (!done) return;
          resolveOffset(slice[slice.length - 1].offset);
          await commitOffsetsIfNecessary();
          await heartbeat();
        }
      },
    });
    return {
      topic: topic.name,
      group: options.group,
      close: async () => {
        running = false;
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  async isHealthy(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.connect();
      await this.admin.describeCluster();
      return this.producerUp;
    } catch {
      return false;
    }
  }

  async watermarks(logical: TopicDef<unknown>): Promise<{ low: number; high: number }[]> {
    const topic = this.scoped(logical);
    await this.ensureTopic(topic);
    // Right after a topic is created the admin client's metadata may still lack it or its leaders
    // (kafkajs then fails with "not the leader" or a TypeError): ask again.
    const deadline = Date.now() + 30_000;
    let offsets: Awaited<ReturnType<Admin['fetchTopicOffsets']>>;
    for (;;) {
      try {
        offsets = await this.admin.fetchTopicOffsets(topic.name);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return offsets.sort((a, b) => a.partition - b.partition).map((offset) => ({ low: Number(offset.low), high: Number(offset.high) }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.consumers].map((consumer) => consumer.disconnect()));
    this.consumers.clear();
    await this.publisher.drain();
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  /**
   * Creates a topic with the catalogue's partition count if it does not exist yet (once per
   * process), and waits until every partition has a leader: on a fresh broker several services
   * create the same topics at once, and a process that did not create one (its create answered
   * "exists") must not subscribe before the creator's partitions are served.
   */
  ensureTopic(topic: TopicDef<unknown>): Promise<void> {
    let ready = this.knownTopics.get(topic.name);
    if (!ready) {
      ready = this.connect().then(async () => {
        const existing = await this.admin.listTopics();
        if (!existing.includes(topic.name)) {
          // Another process may create it at the same moment ("already exists"): waitForLeaders
          // below decides whether the topic is there.
          await this.admin
            .createTopics({
            waitForLeaders: true,
            topics: [
              {
                topic: topic.name,
                numPartitions: topic.partitions,
                replicationFactor: -1,
                configEntries: topic.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
              },
            ],
          })
            .catch((error: Error) => this.logger.warn({ topic: topic.name }, `kafka: create topic: ${error.message}; waiting for its partitions`));
        }
        await this.waitForLeaders(topic.name);
      });
      ready.catch(() => this.knownTopics.delete(topic.name));
      this.knownTopics.set(topic.name, ready);
    }
    return ready;
  }

  private async waitForLeaders(name: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const { topics } = await this.admin.fetchTopicMetadata({ topics: [name] });
        const partitions = topics[0]?.partitions ?? [];
        if (partitions.length > 0 && partitions.every((partition) => partition.leader >= 0)) return;
      } catch (error) {
        // Unknown topic or partition while another process is still creating it: ask again.
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`topic ${name}: partitions without a leader after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async park(topic: TopicDef<unknown>, group: string, record: EncodedRecord, error: Error): Promise<void> {
    const dlq = deadLetterTopic(topic);
    await this.ensureTopic(dlq);
    await this.publisher.publish(dlq.name, [
      {
        key: record.key,
        value: record.value,
        headers: {
          ...record.headers,
          [DeadLetterHeaders.error]: error.message,
          [DeadLetterHeaders.group]: group,
          [DeadLetterHeaders.sourceTopic]: topic.name,
          [DeadLetterHeaders.sourcePartition]: String(record.partition),
          [DeadLetterHeaders.sourceOffset]: record.offset,
        },
      },
    ]);
  }
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  // Most records carry no headers: share one frozen empty object instead of one per record.
  let empty = true;
  for (const _name in headers) {
    empty = false;
    break;
  }
  if (empty) return NO_HEADERS;
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    result[name] = Array.isArray(value) ? value.map(String).join(',') : value.toString();
  }
  return result;
}
