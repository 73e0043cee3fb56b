import type { TopicDef } from '@openfleet/contracts';

/** One record to publish: the key keeps one terminal's (or vehicle's) records ordered on one partition. */
export interface PublishRecord<T> {
  key: string;
  value: T;
  headers?: Record<string, string>;
}

/** A record handed to a subscriber, decoded and validated by the topic's codec. */
export interface DeliveredMessage<T> {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: T;
  headers: Record<string, string>;
  timestamp: number;
}

export interface SubscribeOptions<T> {
  /** Consumer group: every group sees every record once; members of one group share the partitions. */
  group: string;
  /**
   * Handles records of one partition, in order. Offsets are committed only after it resolves
   * (at-least-once). Throw `PoisonMessageError` for a record that can never succeed; any other
   * error is treated as transient and retried with backoff.
   */
  handle: (messages: DeliveredMessage<T>[]) => Promise<void>;
  /** Upper bound of records per `handle` call (default 500). */
  maxBatchSize?: number;
  /**
   * Kafka: bytes fetched per partition and request (default 1 MiB, about 7,000 positions). A
   * consumer that wants `maxBatchSize` records per call needs room for them here; the in-process
   * adapter ignores it.
   */
  fetchBytesPerPartition?: number;
  /**
   * Kafka: partitions of this subscription handled at once (default: the bus's
   * `partitionsConsumedConcurrently`, 4). The in-process adapter ignores it.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * A new group starts at the earliest retained record (true, the default) or at the latest (false).
   * On Kafka the latest is read once, when the group first subscribes, and kept: a member that dies
   * before its first commit resumes there, not past what was published while it was down.
   */
  fromBeginning?: boolean;
  /**
   * More topics consumed by the same group, each with its own handler, **co-partitioned** with
   * `topic`: partition p of every joined topic goes to the member that holds partition p of
   * `topic`. With the same key and partition count, one key's records of every joined topic meet
   * in one member (a stateful consumer's inputs, see docs/architecture.md). Partition counts must match.
   */
  joined?: JoinedTopic[];
  /**
   * Called after every assignment of partitions to this member, before any record of it is
   * handled, with a test of which keys this member now owns (to load or drop their state).
   */
  onAssigned?: (owns: (key: string) => boolean) => Promise<void>;
  /**
   * Kafka: how long the group coordinator waits for a silent member (crashed, cut off) before it
   * hands the member's partitions to the others (default 30 s; the broker's minimum is 6 s). The
   * in-process adapter has no members to lose and ignores it.
   */
  sessionTimeoutMs?: number;
}

/** A topic consumed together with a subscription's main topic (see `SubscribeOptions.joined`). */
export interface JoinedTopic {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  topic: TopicDef<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle: (messages: DeliveredMessage<any>[]) => Promise<void>;
}

export interface Subscription {
  readonly topic: string;
  readonly group: string;
  close(): Promise<void>;
}

/** The event-bus port every service uses; adapters: in-process (standalone) and Kafka (cluster). */
export interface EventBus {
  readonly kind: 'in-process' | 'kafka';
  /** Resolves once the bus has durably accepted every record (Kafka: acks from all in-sync replicas). */
  publish<T>(topic: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void>;
  subscribe<T>(topic: TopicDef<T>, options: SubscribeOptions<T>): Promise<Subscription>;
  /** True while the adapter can publish; used by /health. */
  isHealthy(): Promise<boolean>;
  /** Per partition: the first retained offset and the next offset to be written (a follower knows when it has caught up). */
  watermarks?(topic: TopicDef<unknown>): Promise<{ low: number; high: number }[]>;
  /** Stops consumers after their in-flight batch, flushes pending publishes, disconnects. */
  close(): Promise<void>;
}

/** Header names of records parked on a dead-letter topic. */
export const DeadLetterHeaders = {
  error: 'x-dead-letter-error',
  group: 'x-dead-letter-group',
  sourceTopic: 'x-dead-letter-source-topic',
  sourcePartition: 'x-dead-letter-source-partition',
  sourceOffset: 'x-dead-letter-source-offset',
} as const;

/** Adapts a per-record handler to the batch `handle` signature. */
export function eachMessage<T>(handler: (message: DeliveredMessage<T>) => Promise<void>) {
  return async (messages: DeliveredMessage<T>[]): Promise<void> => {
    for (const message of messages) await handler(message);
  };
}
