import type { EventBus, PublishRecord, SubscribeOptions, Subscription } from '@openfleet/bus';
import type { TopicDef } from '@openfleet/contracts';

/**
 * A real bus whose publishes can be held (a slow broker): held publishes wait, then go through in
 * order on `release()`. Counts the records the inner bus accepted, by topic.
 */
export class HeldBus implements EventBus {
  readonly kind;
  private held = false;
  private waiting: (() => void)[] = [];
  /** Records accepted by the inner bus, by topic name. */
  readonly accepted = new Map<string, number>();
  /** The values of those records, by topic name. */
  readonly values = new Map<string, unknown[]>();

  constructor(private readonly inner: EventBus) {
    this.kind = inner.kind;
  }

  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    this.waiting.splice(0).forEach((go) => go());
  }

  /** Publishes waiting for `release()`. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  async publish<T>(topic: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    await this.inner.publish(topic, records);
    const count = Array.isArray(records) ? records.length : 1;
    this.accepted.set(topic.name, (this.accepted.get(topic.name) ?? 0) + count);
    const values = this.values.get(topic.name) ?? [];
    for (const record of Array.isArray(records) ? records : [records]) values.push(record.value);
    this.values.set(topic.name, values);
  }

  subscribe<T>(topic: TopicDef<T>, options: SubscribeOptions<T>): Promise<Subscription> {
    return this.inner.subscribe(topic, options);
  }

  isHealthy(): Promise<boolean> {
    return this.inner.isHealthy();
  }

  close(): Promise<void> {
    this.release();
    return this.inner.close();
  }
}
