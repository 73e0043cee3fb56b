// The one behaviour suite every EventBus adapter must pass (in-process in the unit run,
// Kafka against a real broker in the integration run). Test code, not shipped from index.ts.
import { jsonCodec, PoisonMessageError, rawCodec, deadLetterTopic, type TopicDef } from '@openfleet/contracts';
import { randomUUID } from 'node:crypto';
import { DeadLetterHeaders, type DeliveredMessage, type EventBus } from '../event-bus';

interface Reading {
  vehicle: string;
  seq: number;
}

const readingCodec = jsonCodec<Reading>((value) => {
  const record = value as Partial<Reading>;
  return typeof record.vehicle === 'string' && typeof record.seq === 'number' ? null : 'vehicle and seq are required';
});

/** Whether the suite's topics are `bundled` (set per describeBusContract run). */
let bundledTopics = false;

function uniqueTopic(label: string, partitions = 3): TopicDef<Reading> {
  return {
    name: `test.${label}-${randomUUID().slice(0, 8)}.v1`,
    key: 'vehicle',
    partitions,
    codec: readingCodec,
    description: 'contract test topic',
    bundled: bundledTopics,
  };
}

/** Resolves when `predicate` holds, polling; fails with the last observed state after `timeoutMs`. */
export async function eventually(predicate: () => boolean, timeoutMs: number, describeState: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${describeState()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function readings(vehicles: string[], perVehicle: number): { key: string; value: Reading }[] {
  const list: { key: string; value: Reading }[] = [];
  for (let seq = 0; seq < perVehicle; seq++) {
    for (const vehicle of vehicles) list.push({ key: vehicle, value: { vehicle, seq } });
  }
  return list;
}

/** `bundled`: every topic of the run is a bundled one (TopicDef.bundled: the Kafka adapter packs its records). */
export function describeBusContract(adapterName: string, makeBus: () => Promise<EventBus>, timeoutMs = 20_000, options: { bundled?: boolean } = {}): void {
  describe(`EventBus contract: ${adapterName}`, () => {
    let bus: EventBus;

    beforeAll(async () => {
      bundledTopics = options.bundled ?? false;
      bus = await makeBus();
    });

    afterAll(async () => {
      await bus.close();
    });

    it('delivers every published record once per group, keeping per-key order', async () => {
      const topic = uniqueTopic('order');
      const vehicles = ['v1', 'v2', 'v3', 'v4', 'v5'];
      await bus.publish(topic, readings(vehicles, 40));
      const seen: Reading[] = [];
      const subscription = await bus.subscribe(topic, {
        group: 'order-check',
        handle: async (messages) => void seen.push(...messages.map((message) => message.value)),
      });
      await eventually(() => seen.length >= 200, timeoutMs, () => `${seen.length}/200 delivered`);
      await subscription.close();
      expect(seen).toHaveLength(200);
      for (const vehicle of vehicles) {
        expect(seen.filter((reading) => reading.vehicle === vehicle).map((reading) => reading.seq)).toEqual(
          Array.from({ length: 40 }, (_, i) => i),
        );
      }
    });

    it('gives each consumer group its own copy and splits a group between its members', async () => {
      const topic = uniqueTopic('groups', 4);
      const vehicles = Array.from({ length: 12 }, (_, i) => `vehicle-${i}`);
      const first: string[] = [];
      const second: string[] = [];
      const other: string[] = [];
      const idOf = (message: DeliveredMessage<Reading>) => `${message.value.vehicle}/${message.value.seq}`;
      const subscriptions = [
        await bus.subscribe(topic, { group: 'shared', handle: async (m) => void first.push(...m.map(idOf)) }),
        await bus.subscribe(topic, { group: 'shared', handle: async (m) => void second.push(...m.map(idOf)) }),
        await bus.subscribe(topic, { group: 'separate', handle: async (m) => void other.push(...m.map(idOf)) }),
      ];
      await bus.publish(topic, readings(vehicles, 10));
      await eventually(
        () => new Set([...first, ...second]).size >= 120 && other.length >= 120,
        timeoutMs * 2,
        () => `shared ${first.length}+${second.length}, separate ${other.length}`,
      );
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      expect(new Set(other).size).toBe(120);
      expect(new Set([...first, ...second]).size).toBe(120);
    });

    it('retries a failing handler and commits only after it succeeds (nothing lost)', async () => {
      const topic = uniqueTopic('retry', 1);
      await bus.publish(topic, readings(['only'], 5));
      let failuresLeft = 3;
      const handled: number[] = [];
      const subscription = await bus.subscribe(topic, {
        group: 'retry-check',
        maxBatchSize: 2,
        handle: async (messages) => {
          if (messages.some((message) => message.value.seq === 2) && failuresLeft-- > 0) {
            throw new Error('database unavailable');
          }
          handled.push(...messages.map((message) => message.value.seq));
        },
      });
      await eventually(() => handled.length >= 5, timeoutMs, () => `handled ${handled.join(',')}`);
      await subscription.close();
      expect(failuresLeft).toBeLessThanOrEqual(0);
      expect(handled).toEqual([0, 1, 2, 3, 4]);
    });

    it('redelivers uncommitted records to the next member after a subscriber stops mid-batch', async () => {
      const topic = uniqueTopic('redeliver', 1);
      await bus.publish(topic, readings(['car'], 3));
      let release!: () => void;
      const blocked = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      const stuck = await bus.subscribe(topic, {
        group: 'redeliver-check',
        handle: async () => {
          calls++;
          await blocked;
          throw new Error('crashed before writing');
        },
      });
      await eventually(() => calls > 0, timeoutMs, () => 'first member never called');
      const closing = stuck.close();
      release();
      await closing;
      const seen: number[] = [];
      const replacement = await bus.subscribe(topic, {
        group: 'redeliver-check',
        handle: async (messages) => void seen.push(...messages.map((message) => message.value.seq)),
      });
      await eventually(() => seen.length >= 3, timeoutMs * 2, () => `replacement saw ${seen.join(',')}`);
      await replacement.close();
      expect(seen).toEqual([0, 1, 2]);
    });

    it('parks undecodable and handler-rejected records on the dead-letter topic without stalling the partition', async () => {
      const topic = uniqueTopic('poison', 1);
      const rawTwin: TopicDef<Buffer> = { ...topic, codec: rawCodec } as TopicDef<Buffer>;
      await bus.publish(topic, { key: 'car', value: { vehicle: 'car', seq: 0 } });
      await bus.publish(rawTwin, { key: 'car', value: Buffer.from('{broken json') });
      await bus.publish(topic, [
        { key: 'car', value: { vehicle: 'car', seq: 2 } },
        { key: 'car', value: { vehicle: 'car', seq: 3 } },
        { key: 'car', value: { vehicle: 'car', seq: 4 } },
      ]);
      const handled: number[] = [];
      const subscription = await bus.subscribe(topic, {
        group: 'poison-check',
        handle: async (messages) => {
          if (messages.some((message) => message.value.seq === 3)) throw new PoisonMessageError('seq 3 can never be stored');
          handled.push(...messages.map((message) => message.value.seq));
        },
      });
      const parked: DeliveredMessage<Buffer>[] = [];
      const dlq = await bus.subscribe(deadLetterTopic(topic), {
        group: 'dlq-reader',
        handle: async (messages) => void parked.push(...messages),
      });
      await eventually(
        () => handled.length >= 3 && parked.length >= 2,
        timeoutMs * 2,
        () => `handled ${handled.join(',')}, parked ${parked.length}`,
      );
      await Promise.all([subscription.close(), dlq.close()]);
      expect(handled).toEqual([0, 2, 4]);
      expect(parked.map((message) => message.value.toString())).toEqual([
        '{broken json',
        JSON.stringify({ vehicle: 'car', seq: 3 }),
      ]);
      expect(parked[0].headers[DeadLetterHeaders.error]).toMatch(/not JSON/);
      expect(parked[0].headers[DeadLetterHeaders.group]).toBe('poison-check');
      expect(parked[0].headers[DeadLetterHeaders.sourceTopic]).toBe(topic.name);
      expect(parked[1].headers[DeadLetterHeaders.error]).toBe('seq 3 can never be stored');
    });

    it('delivers one key of joined (co-partitioned) topics to one member, and tells each member its keys', async () => {
      // Three partitions: kafkajs' round-robin assigner would split them across members unevenly by topic.
      const positions = uniqueTopic('joined-main', 3);
      const sessions = uniqueTopic('joined-side', 3);
      const group = `joined-${randomUUID()}`;
      const seen: { member: number; topic: string; key: string }[] = [];
      const owners: ((key: string) => boolean)[] = [() => false, () => false];
      const assignments = [0, 0];
      const subscriptions = [];
      for (const member of [0, 1]) {
        const record = (topic: string) => async (messages: DeliveredMessage<Reading>[]) => {
          for (const message of messages) seen.push({ member, topic, key: message.key });
        };
        subscriptions.push(
          await bus.subscribe(positions, {
            group,
            handle: record('main'),
            joined: [{ topic: sessions, handle: record('side') }],
            onAssigned: async (owns) => {
              owners[member] = owns;
              assignments[member]++;
            },
          }),
        );
      }
      await eventually(() => assignments[1] > 0, timeoutMs, () => `assignments ${assignments}`);
      // Let the group settle after the second member joined (Kafka rebalances; in-process is immediate).
      await new Promise((resolve) => setTimeout(resolve, bus.kind === 'kafka' ? 3000 : 10));
      const keys = Array.from({ length: 24 }, (_, i) => `vehicle-${i}`);
      await bus.publish(positions, keys.map((key) => ({ key, value: { vehicle: key, seq: 1 } })));
      await bus.publish(sessions, keys.map((key) => ({ key, value: { vehicle: key, seq: 2 } })));
      await eventually(() => seen.length >= keys.length * 2, timeoutMs, () => `${seen.length} of ${keys.length * 2}`);
      for (const key of keys) {
        const members = new Set(seen.filter((entry) => entry.key === key).map((entry) => entry.member));
        expect({ key, members: members.size }).toEqual({ key, members: 1 });
        // The member that got the key owns it by its assignment (a single in-process member owns all).
        const member = [...members][0];
        expect(owners[member](key)).toBe(true);
        if (bus.kind === 'kafka') expect(owners[1 - member](key)).toBe(false);
      }
      expect(new Set(seen.map((entry) => entry.member)).size).toBe(bus.kind === 'kafka' ? 2 : new Set(seen.map((entry) => entry.member)).size);
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    });

    it('retries a failed assignment and handles no record before it succeeds', async () => {
      const topic = uniqueTopic('assign-retry');
      await bus.publish(topic, readings(['a', 'b'], 3));
      let attempts = 0;
      let loaded = false;
      const handledBeforeLoad: number[] = [];
      const seen: Reading[] = [];
      const subscription = await bus.subscribe(topic, {
        group: `assign-retry-${randomUUID()}`,
        handle: async (messages) => {
          if (!loaded) handledBeforeLoad.push(messages.length);
          seen.push(...messages.map((message) => message.value));
        },
        // The state store is away for the first two tries (a database restarting during a rebalance).
        onAssigned: async () => {
          attempts++;
          if (attempts <= 2) throw new Error('database is away');
          loaded = true;
        },
      });
      await eventually(() => seen.length >= 6, timeoutMs, () => `${seen.length}/6 delivered after ${attempts} assignment attempts`);
      await subscription.close();
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(handledBeforeLoad).toEqual([]);
      expect(seen).toHaveLength(6);
    });

    it('reports health and refuses to publish after close', async () => {
      const own = await makeBus();
      expect(await own.isHealthy()).toBe(true);
      await own.close();
      expect(await own.isHealthy()).toBe(false);
      await expect(own.publish(uniqueTopic('closed'), { key: 'k', value: { vehicle: 'k', seq: 1 } })).rejects.toThrow(/closed/);
    });
  });
}
