import type { TopicDef } from '@openfleet/contracts';
import { randomUUID } from 'node:crypto';
import type { EventBus, Subscription } from './event-bus';

/**
 * Reads a snapshot (compacted) topic from its start and keeps following it, in a consumer group of
 * this process's own: every process that caches the snapshot in memory gets every record, and
 * rebuilds its cache from the whole topic at each start.
 */
export function followSnapshotTopic<T>(
  bus: EventBus,
  topic: TopicDef<T>,
  groupPrefix: string,
  apply: (value: T) => void,
): Promise<Subscription> {
  return bus.subscribe(topic, {
    group: `${groupPrefix}-${randomUUID()}`,
    fromBeginning: true,
    handle: async (messages) => {
      for (const message of messages) apply(message.value);
    },
  });
}
