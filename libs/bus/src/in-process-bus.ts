import { deadLetterTopic, type TopicDef } from '@openfleet/contracts';
import { consoleBusLogger, type BusLogger } from './bus-logger';
import { assignWithRetry, deliverBatch, type DeliveryHooks, type EncodedRecord } from './delivery';
import { DeadLetterHeaders, type EventBus, type PublishRecord, type SubscribeOptions, type Subscription } from './event-bus';
import { partitionForKey } from './partitioner';

export interface InProcessBusOptions {
  logger?: BusLogger;
  /** Records kept per partition while no group has consumed them (oldest dropped beyond it). */
  maxRetainedPerPartition?: number;
  backoff?: DeliveryHooks['backoff'];
}

/** One partition's log: records from `baseOffset` on; consumed prefixes are trimmed. */
class PartitionLog {
  records: EncodedRecord[] = [];
  baseOffset = 0;
  private waiters: (() => void)[] = [];

  get endOffset(): number {
    return this.baseOffset + this.records.length;
  }

  append(record: Omit<EncodedRecord, 'offset'>): void {
    this.records.push({ ...record, offset: String(this.endOffset) });
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  read(fromOffset: number, max: number): EncodedRecord[] {
    const start = Math.max(0, fromOffset - this.baseOffset);
    return this.records.slice(start, start + max);
  }

  trimBefore(offset: number): void {
    const drop = Math.min(offset - this.baseOffset, this.records.length);
    if (drop > 0) {
      this.records.splice(0, drop);
      this.baseOffset += drop;
    }
  }

  waitForAppend(signal: { closed: boolean; wake?: () => void }): Promise<void> {
    return new Promise((resolve) => {
      signal.wake = resolve;
      this.waiters.push(resolve);
    });
  }
}

interface GroupMember {
  options: SubscribeOptions<unknown>;
  active: boolean;
}

/** A consumer group on one topic: one delivery loop per partition, handing records to the partition's owner. */
class ConsumerGroup {
  readonly members: GroupMember[] = [];
  readonly committed: number[];
  private readonly pumps = new Map<number, Promise<void>>();
  private readonly wakeSignals = new Map<number, { closed: boolean; wake?: () => void }>();

  constructor(
    readonly bus: InProcessBus,
    readonly topic: TopicDef<unknown>,
    readonly name: string,
    readonly logs: PartitionLog[],
    fromBeginning: boolean,
  ) {
    this.committed = logs.map((log) => (fromBeginning ? log.baseOffset : log.endOffset));
  }

  ownerOf(partition: number): GroupMember | undefined {
    const active = this.members.filter((member) => member.active);
    return active.length ? active[partition % active.length] : undefined;
  }

  start(): void {
    this.logs.forEach((_, partition) => {
      if (this.pumps.has(partition)) return;
      const run: Promise<void> = this.pump(partition).finally(() => {
        if (this.pumps.get(partition) === run) this.pumps.delete(partition);
      });
      this.pumps.set(partition, run);
    });
  }

  /** Wakes idle loops so they notice membership changes. */
  nudge(): void {
    for (const signal of this.wakeSignals.values()) signal.wake?.();
  }

  async stopped(): Promise<void> {
    await Promise.all(this.pumps.values());
  }

  private async pump(partition: number): Promise<void> {
    const log = this.logs[partition];
    const signal = { closed: false as boolean, wake: undefined as (() => void) | undefined };
    this.wakeSignals.set(partition, signal);
    try {
      for (;;) {
        const owner = this.ownerOf(partition);
        if (!owner) return;
        const next = Math.max(this.committed[partition], log.baseOffset);
        if (next >= log.endOffset) {
          await log.waitForAppend(signal);
          continue;
        }
        const batch = log.read(next, owner.options.maxBatchSize ?? 500);
        const done = await deliverBatch(this.topic, owner.options, batch, {
          park: (parked) => this.bus.park(this.topic, this.name, parked.record, parked.error, partition),
          isActive: () => owner.active && this.ownerOf(partition) === owner,
          logger: this.bus.logger,
          backoff: this.bus.backoff,
        });
        if (done) {
          this.committed[partition] = Number(batch[batch.length - 1].offset) + 1;
          this.bus.trim(this.topic.name, partition);
        }
      }
    } finally {
      this.wakeSignals.delete(partition);
    }
  }
}

/**
 * Event bus inside one process (standalone mode). Same semantics as the Kafka adapter — partitions by key,
 * consumer groups, commit after the handler, poison records parked on `<topic>.dlq` — but records live in
 * memory: accepted means appended, and a crash of the process loses what was not yet consumed.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly logger: BusLogger;
  readonly backoff: DeliveryHooks['backoff'];
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, ConsumerGroup[]>();
  private readonly maxRetained: number;
  private droppedWarned = new Set<string>();
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.logger = options.logger ?? consoleBusLogger;
    this.maxRetained = options.maxRetainedPerPartition ?? 100_000;
    this.backoff = options.backoff;
  }

  async publish<T>(topic: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const list = Array.isArray(records) ? records : [records];
    // Encode everything first so one bad record rejects the call without a partial append.
    const encoded = list.map((record) => ({ ...record, bytes: topic.codec.encode(record.value) }));
    const logs = this.logsOf(topic);
    const now = Date.now();
    for (const record of encoded) {
      const partition = partitionForKey(record.key, logs.length);
      logs[partition].append({ partition, key: record.key, value: record.bytes, headers: record.headers ?? {}, timestamp: now });
      this.enforceRetention(topic.name, partition, logs[partition]);
    }
  }

  async subscribe<T>(topic: TopicDef<T>, options: SubscribeOptions<T>): Promise<Subscription> {
    if (this.closed) throw new Error('bus is closed');
    for (const joined of options.joined ?? [])
      if (joined.topic.partitions !== topic.partitions) throw new Error(`${joined.topic.name} cannot join ${topic.name}: partition counts differ`);
    // One process holds every partition: it owns every key.
    if (options.onAssigned)
      await assignWithRetry(options.onAssigned, () => true, { group: options.group, topic: topic.name, hooks: { isActive: () => !this.closed, logger: this.logger, backoff: this.backoff } });
    const main = await this.subscribeOne(topic, options);
    const joined = await Promise.all((options.joined ?? []).map((entry) => this.subscribeOne(entry.topic, { ...options, handle: entry.handle })));
    if (!joined.length) return main;
    return { topic: main.topic, group: main.group, close: async () => void (await Promise.all([main, ...joined].map((subscription) => subscription.close()))) };
  }

  private async subscribeOne<T>(topic: TopicDef<T>, options: SubscribeOptions<T>): Promise<Subscription> {
    const logs = this.logsOf(topic);
    const groups = this.groups.get(topic.name) ?? [];
    this.groups.set(topic.name, groups);
    let group = groups.find((candidate) => candidate.name === options.group);
    if (!group) {
      group = new ConsumerGroup(this, topic as TopicDef<unknown>, options.group, logs, options.fromBeginning ?? true);
      groups.push(group);
    }
    const member: GroupMember = { options: options as SubscribeOptions<unknown>, active: true };
    group.members.push(member);
    group.nudge();
    group.start();
    const joined = group;
    return {
      topic: topic.name,
      group: options.group,
      close: async () => {
        member.active = false;
        joined.members.splice(joined.members.indexOf(member), 1);
        joined.nudge();
        if (joined.members.length === 0) await joined.stopped();
        joined.start();
      },
    };
  }

  async isHealthy(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.groups.values()].flat();
    for (const group of all) {
      for (const member of group.members) member.active = false;
      group.nudge();
    }
    await Promise.all(all.map((group) => group.stopped()));
  }

  async watermarks(topic: TopicDef<unknown>): Promise<{ low: number; high: number }[]> {
    return this.logsOf(topic).map((log) => ({ low: log.baseOffset, high: log.endOffset }));
  }

  /** Number of records not yet committed by a group, per topic (tests and /metrics). */
  lag(topicName: string, group: string): number {
    const logs = this.topics.get(topicName) ?? [];
    const state = this.groups.get(topicName)?.find((candidate) => candidate.name === group);
    return logs.reduce((sum, log, partition) => sum + log.endOffset - (state?.committed[partition] ?? log.baseOffset), 0);
  }

  async park(topic: TopicDef<unknown>, group: string, record: EncodedRecord, error: Error, partition: number): Promise<void> {
    const dlq = deadLetterTopic(topic);
    await this.publish(dlq, {
      key: record.key,
      value: record.value,
      headers: {
        ...record.headers,
        [DeadLetterHeaders.error]: error.message,
        [DeadLetterHeaders.group]: group,
        [DeadLetterHeaders.sourceTopic]: topic.name,
        [DeadLetterHeaders.sourcePartition]: String(partition),
        [DeadLetterHeaders.sourceOffset]: record.offset,
      },
    });
  }

  trim(topicName: string, partition: number): void {
    const groups = this.groups.get(topicName) ?? [];
    // Snapshot (compacted) topics keep their history so a late subscriber still sees every key.
    if (groups.length === 0 || groups[0].topic.compacted) return;
    const low = Math.min(...groups.map((group) => group.committed[partition]));
    this.topics.get(topicName)?.[partition].trimBefore(low);
  }

  private enforceRetention(topicName: string, partition: number, log: PartitionLog): void {
    if (log.records.length <= this.maxRetained) return;
    log.trimBefore(log.endOffset - this.maxRetained);
    if (!this.droppedWarned.has(topicName)) {
      this.droppedWarned.add(topicName);
      this.logger.warn({ topic: topicName, partition, kept: this.maxRetained }, 'retention reached, oldest records dropped');
    }
  }

  private logsOf(topic: TopicDef<unknown>): PartitionLog[] {
    let logs = this.topics.get(topic.name);
    if (!logs) {
      logs = Array.from({ length: topic.partitions }, () => new PartitionLog());
      this.topics.set(topic.name, logs);
    }
    return logs;
  }
}
