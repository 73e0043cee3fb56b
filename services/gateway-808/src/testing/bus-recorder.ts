import type { DeliveredMessage, EventBus, PublishRecord, SubscribeOptions, Subscription } from '@openfleet/bus';
import type { Position, TopicDef } from '@openfleet/contracts';

/** Collects everything published on some topics through a consumer group of its own. */
export async function recordTopic<T>(bus: EventBus, topic: TopicDef<T>, group = `recorder-${Math.random()}`) {
  const values: T[] = [];
  const subscription = await bus.subscribe(topic, {
    group,
    fromBeginning: true,
    handle: async (messages: DeliveredMessage<T>[]) => {
      for (const m of messages) values.push(m.value);
    },
  });
  return { values, subscription };
}

/**
 * Records what is published on a topic from now on, without reading its history (a long-lived
 * broker's topics can hold millions of records): joins a fresh group at the latest offsets and
 * returns once a probe record published after the join has come through.
 */
export async function recordTopicFromNow<T>(bus: EventBus, topic: TopicDef<T>, probe: PublishRecord<T>, isProbe: (value: T) => boolean) {
  const values: T[] = [];
  let joined = false;
  const subscription = await bus.subscribe(topic, {
    group: `recorder-${Math.random()}`,
    fromBeginning: false,
    handle: async (messages: DeliveredMessage<T>[]) => {
      for (const m of messages) {
        if (isProbe(m.value)) joined = true;
        else values.push(m.value);
      }
    },
  });
  const deadline = Date.now() + 60_000;
  while (!joined) {
    if (Date.now() > deadline) throw new Error(`recorder of ${topic.name} never received its probe`);
    await bus.publish(topic, probe);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { values, subscription };
}

/** A valid position record for a recorder's probe (see `recordTopicFromNow`). */
export function positionProbe(terminalPhone: string): PublishRecord<Position> {
  const value: Position = {
    terminalPhone,
    vehicleId: '',
    gpsTimeS: Math.floor(Date.now() / 1000),
    receivedAtMs: Date.now(),
    latitudeE6: 0,
    longitudeE6: 0,
    altitudeM: 0,
    speedDkmh: 0,
    directionDeg: 0,
    alarmFlags: 0,
    statusFlags: 0,
    mileageHm: 0,
    hasMileage: false,
    fuelDl: 0,
    hasFuel: false,
    recordedSpeedDkmh: 0,
    hasRecordedSpeed: false,
    blindArea: false,
    serial: 0,
    sequence: 0,
    extrasJson: '',
  };
  return { key: terminalPhone, value };
}

export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A bus whose publishes fail while `failing` is set (the broker is "down"), and which remembers
 * which records it really accepted, per topic, at the moment it accepted them.
 */
export class FlakyBus implements EventBus {
  failing = false;
  readonly accepted = new Map<string, unknown[]>();

  constructor(private readonly inner: EventBus) {}

  get kind() {
    return this.inner.kind;
  }

  async publish<T>(topic: TopicDef<T>, records: PublishRecord<T> | PublishRecord<T>[]): Promise<void> {
    await new Promise((r) => setImmediate(r));
    if (this.failing) throw new Error('broker unavailable (test)');
    await this.inner.publish(topic, records);
    const list = this.accepted.get(topic.name) ?? [];
    for (const record of Array.isArray(records) ? records : [records]) list.push(record.value);
    this.accepted.set(topic.name, list);
  }

  subscribe<T>(topic: TopicDef<T>, options: SubscribeOptions<T>): Promise<Subscription> {
    return this.inner.subscribe(topic, options);
  }

  async isHealthy(): Promise<boolean> {
    return !this.failing;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
