import type { TopicDef } from '@openfleet/contracts';
import { randomUUID } from 'node:crypto';
import type { EventBus, Subscription } from './event-bus';

/** A followed snapshot topic; `caughtUp` resolves once every record present at subscribe time has been applied. */
export interface SnapshotSubscription extends Subscription {
  readonly caughtUp: Promise<void>;
}

/**
 * Reads a snapshot (compacted) topic from its start and keeps following it, in a consumer group of
 * this process's own: every process that caches the snapshot in memory gets every record, and
 * rebuilds its cache from the whole topic at each start.
 */
export async function followSnapshotTopic<T>(
  bus: EventBus,
  topic: TopicDef<T>,
  groupPrefix: string,
  apply: (value: T) => void,
): Promise<SnapshotSubscription> {
  // The end of each partition, read before subscribing; a bus that cannot tell (test doubles) is caught up at once.
  const ends = bus.watermarks ? await bus.watermarks(topic as TopicDef<unknown>) : [];
  const pending = new Map<number, number>();
  ends.forEach((end, partition) => end.high > end.low && pending.set(partition, end.high - 1));
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  if (pending.size === 0) markCaughtUp();
  const subscription = await bus.subscribe(topic, {
    group: `${groupPrefix}-${randomUUID()}`,
    fromBeginning: true,
    handle: async (messages) => {
      for (const message of messages) {
        apply(message.value);
        const last = pending.get(message.partition);
        if (last === undefined || Number(message.offset) < last) continue;
        pending.delete(message.partition);
        if (pending.size === 0) markCaughtUp();
      }
    },
  });
  return { topic: subscription.topic, group: subscription.group, close: () => subscription.close(), caughtUp };
}
