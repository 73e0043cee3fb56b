import { deadLetterTopic, type TopicDef } from '@openfleet/contracts';
import { Kafka, logLevel as KafkaLogLevel, Partitioners, type Admin, type Consumer, type ICustomPartitioner, type IHeaders, type ISocketFactory, type KafkaMessage, type Message, type Producer } from 'kafkajs';
import { consoleBusLogger, type BusLogger } from './bus-logger';
import { assignWithRetry, deliverBatch, type DeliveryHooks, type EncodedRecord } from './delivery';
import { DeadLetterHeaders, type EventBus, type PublishRecord, type SubscribeOptions, type Subscription } from './event-bus';
import { KafkaPublisher } from './kafka-publisher';
import { patchKafkajsIdleLoop } from './kafkajs-idle-loop';
import { BUNDLE_HEADER, decodeBundle } from './record-bundle';
import { murmur2Partition } from './murmur2';
export { murmur2, murmur2Partition } from './murmur2';
import { coPartitionedAssigner, kafkaPartitionOf } from './co-partitioned-assigner';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger?: BusLogger;
  /** How long publishes wait to be coalesced into one produce request (default 2 ms). */
  lingerMs?: number;
  /** Records that make the publisher flush before the linger ends (default 1,000). */
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
  /** Topics whose `ensureTopic` has resolved: publishes to them skip the wait. */
  private readonly readyTopics = new Set<string>();
  /** Topic definitions with the deployment's prefix, made once per topic (publish runs per frame). */
  private readonly scopedTopics = new WeakMap<TopicDef<unknown>, TopicDef<unknown>>();
  private connected: Promise<void> | undefined;
  private producerUp = false;
  private closed = false;

  constructor(private readonly options: KafkaBusOptions) {
    this.logger = options.logger ?? consoleBusLogger;
    patchKafkajsIdleLoop(); // before any connection opens: see kafkajs-idle-loop.ts
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
      createPartitioner: murmur2Partitioner,
      allowAutoTopicCreation: false,
      maxInFlightRequests: 5,
    });
    this.producer.on(this.producer.events.CONNECT, () => (this.producerUp = true));
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerUp = false));
    this.admin = this.kafka.admin();
    // 1,000 records a request at most: kafkajs groups a request's records by partition by copying
    // the partition's list for every record, so its cost per record grows with the request size
    // (bench:gateway flushed 5,000 at a time; see docs/benchmarks.md, issue 31 gateway CPU).
    this.publisher = new KafkaPublisher(this.producer, options.lingerMs ?? 2, options.maxBatchRecords ?? 1000);
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
    if (!prefix) return topic;
    let scoped = this.scopedTopics.get(topic);
    if (!scoped) this.scopedTopics.set(topic, (scoped = { ...topic, name: `${prefix}${topic.name}` }));
    return scoped as TopicDef<T>;
  }

  publish<T>(logical: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void> {
    // Not async: the gateway publishes once per frame, and a topic known to be ready goes straight
    // to the publisher (one promise, no awaits). Failures still reject, never throw.
    try {
      if (this.closed) throw new Error('bus is closed');
      const topic = this.scoped(logical);
      let messages: Message[];
      if (Array.isArray(records)) {
        messages = new Array<Message>(records.length);
        for (let i = 0; i < records.length; i++) messages[i] = this.message(topic, records[i]!);
      } else messages = [this.message(topic, records)];
      const bundleIn = topic.bundled && messages.every((message) => !message.headers && typeof message.key === 'string') ? topic.partitions : undefined;
      if (this.readyTopics.has(topic.name)) return this.publisher.publish(topic.name, messages, bundleIn);
      return this.ensureTopic(topic).then(() => this.publisher.publish(topic.name, messages, bundleIn));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  private message<T>(topic: TopicDef<T>, record: PublishRecord<T>): Message {
    const value = topic.codec.encode(record.value);
    // No `headers` property unless there are headers: kafkajs copies every property of every record.
    return record.headers ? { key: record.key, value, headers: record.headers } : { key: record.key, value };
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
    // A group that starts at the latest record keeps that start: read now, before it joins (see pinStart).
    const startOffsets = options.fromBeginning === false ? await this.endOffsets([...handlers.keys()]) : undefined;
    const concurrently = options.partitionsConsumedConcurrently ?? this.options.partitionsConsumedConcurrently ?? 4;
    const consumer = this.kafka.consumer({
      groupId: options.group,
      ...(options.joined?.length ? { partitionAssigners: [coPartitionedAssigner] } : {}),
      allowAutoTopicCreation: false,
      sessionTimeout: options.sessionTimeoutMs ?? 30_000,
      // A third of the session timeout at most, so a live member is never taken for a lost one.
      heartbeatInterval: Math.min(3_000, Math.floor((options.sessionTimeoutMs ?? 30_000) / 3)),
      // 100 ms, not longer: at 1 s an idle cluster cost less, but a new group's first commit came 120-150 ms
      // later and the tracking drain measured 5 % slower (docs/bus.md, "Idle cost").
      maxWaitTimeInMs: 100,
      maxBytesPerPartition: options.fetchBytesPerPartition ?? 1_048_576,
      // The whole fetch response: room for the partitions consumed at once (4 by default) at the per-partition size.
      maxBytes: Math.max(10_485_760, (options.fetchBytesPerPartition ?? 0) * concurrently),
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 10_000 },
    });
    this.consumers.add(consumer);
    let running = true;
    // After each (re)join, the member learns which keys it owns before it handles any record of them.
    // A failed onAssigned is retried (assignWithRetry) until it succeeds, the member rejoins
    // (a newer generation) or the subscription closes; it never rejects.
    let assigned: Promise<void> = Promise.resolve();
    if (options.onAssigned || startOffsets) {
      const onAssigned = options.onAssigned;
      let generation = 0;
      consumer.on(consumer.events.GROUP_JOIN, (event) => {
        const memberAssignment = event.payload.memberAssignment;
        const partitions = new Set(memberAssignment[topic.name] ?? []);
        const current = ++generation;
        const isActive = () => running && current === generation;
        const pinned = startOffsets ? this.pinStart(consumer, options.group, memberAssignment, startOffsets, isActive) : Promise.resolve();
        assigned = pinned.then(() =>
          onAssigned
            ? assignWithRetry(onAssigned, (key) => partitions.has(kafkaPartitionOf(key, topic.partitions)), {
                group: options.group,
                topic: topic.name,
                hooks: { isActive, logger: this.logger, backoff: this.options.backoff },
              })
            : undefined,
        );
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
      partitionsConsumedConcurrently: concurrently,
      eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
        await assigned;
        // Fetched before pinStart moved the partition back to the group's start: fetched again from there.
        if (isStale()) return;
        const target = handlers.get(batch.topic);
        if (!target) return;
        const maxBatch = options.maxBatchSize ?? 500;
        const messages = batch.messages;
        // Slices of about maxBatch records (a bundle counts its records and is never split), each
        // handled, then committed up to its last Kafka record.
        for (let next = 0; next < messages.length; ) {
          const records: EncodedRecord[] = [];
          while (next < messages.length && records.length < maxBatch) unpackRecord(batch.partition, messages[next++]!, records);
          const lastOffset = messages[next - 1]!.offset;
          const done = await deliverBatch(target.topic, { ...options, handle: target.handle } as SubscribeOptions<unknown>, records, {
            park: (parked) => this.park(target.topic, options.group, parked.record, parked.error),
            isActive: () => running && isRunning() && !isStale(),
            onRetry: heartbeat,
            logger: this.logger,
            backoff: this.options.backoff,
          });
          if (!done) return;
          resolveOffset(lastOffset);
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

  /** The next offset of every partition of `topics` (each partition's high watermark), by topic. */
  private async endOffsets(topics: string[]): Promise<Map<string, Map<number, string>>> {
    const ends = new Map<string, Map<number, string>>();
    for (const name of topics) {
      const offsets = await this.topicOffsets(name);
      ends.set(name, new Map(offsets.map((offset) => [offset.partition, offset.high])));
    }
    return ends;
  }

  /**
   * A group that starts at the latest record (`fromBeginning: false`) starts there once. Kafka
   * resolves "latest" again at every start until the group has committed an offset, so a member that
   * died before its first commit would come back past every record published meanwhile: a command
   * for a terminal, sent while its gateway restarted, was lost that way. After each join, every
   * assigned partition the group never committed is moved to where the subscription started
   * (`start`, read before joining) and, by kafkajs' seek with auto-commit, committed there. Never
   * rejects: a partition it cannot pin (the admin client failing 5 times) keeps Kafka's latest.
   */
  private async pinStart(consumer: Consumer, groupId: string, assignment: Record<string, number[]>, start: Map<string, Map<number, string>>, isActive: () => boolean): Promise<void> {
    const topics = Object.keys(assignment).filter((name) => start.has(name) && assignment[name].length > 0);
    if (!topics.length) return;
    for (let attempt = 1; isActive(); attempt++) {
      try {
        const committed = await this.admin.fetchOffsets({ groupId, topics });
        for (const { topic, partitions } of committed) {
          for (const { partition, offset } of partitions) {
            const from = start.get(topic)?.get(partition);
            if (Number(offset) < 0 && from !== undefined && assignment[topic].includes(partition)) consumer.seek({ topic, partition, offset: from });
          }
        }
        return;
      } catch (error) {
        if (attempt >= 5) {
          this.logger.warn({ group: groupId, topics }, `kafka: the group's start not pinned: ${(error as Error).message}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
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
    const offsets = await this.topicOffsets(topic.name);
    return offsets.sort((a, b) => a.partition - b.partition).map((offset) => ({ low: Number(offset.low), high: Number(offset.high) }));
  }

  private async topicOffsets(name: string): Promise<Awaited<ReturnType<Admin['fetchTopicOffsets']>>> {
    // Right after a topic is created the admin client's metadata may still lack it or its leaders
    // (kafkajs then fails with "not the leader" or a TypeError): ask again.
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        return await this.admin.fetchTopicOffsets(name);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
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
      ready.then(
        () => this.readyTopics.add(topic.name),
        () => this.knownTopics.delete(topic.name),
      );
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

/** Appends what one Kafka record carries: itself, or each record of a bundle (same offset and time). */
function unpackRecord(partition: number, message: KafkaMessage, into: EncodedRecord[]): void {
  const timestamp = Number(message.timestamp);
  const count = message.headers?.[BUNDLE_HEADER];
  if (count === undefined) {
    into.push({ partition, offset: message.offset, key: message.key?.toString('utf8') ?? '', value: message.value ?? Buffer.alloc(0), headers: headersToStrings(message.headers), timestamp });
    return;
  }
  const value = message.value ?? Buffer.alloc(0);
  try {
    for (const record of decodeBundle(value, Number(String(count)))) into.push({ partition, offset: message.offset, key: record.key, value: record.value, headers: NO_HEADERS, timestamp });
  } catch (error) {
    // Parked without its bundle header, so that the dead-letter topic's readers take it as plain bytes.
    const { [BUNDLE_HEADER]: _count, ...headers } = headersToStrings(message.headers);
    into.push({ partition, offset: message.offset, key: '', value, headers, timestamp, undecodable: error as Error });
  }
}

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

export const murmur2Partitioner: ICustomPartitioner = () => {
  const keyless = Partitioners.DefaultPartitioner();
  return (args) => {
    const { message, partitionMetadata } = args;
    if (message.partition !== null && message.partition !== undefined) return message.partition;
    if (message.key !== null && message.key !== undefined) return murmur2Partition(message.key, partitionMetadata.length);
    return keyless(args);
  };
};
