import { BaseRpcContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { TopicDef } from '@openfleet/contracts';
import type { DeliveredMessage, EventBus, Subscription } from '@openfleet/bus';
import { isObservable, lastValueFrom } from 'rxjs';

/** Extras of `@EventPattern(topicName, extras)` understood by {@link BusTransport}. */
export interface BusPatternExtras {
  /** Consumer group; one per service, so each service sees every event once in both run modes. */
  group: string;
  /** Hand the whole batch (array of DeliveredMessage) to the handler instead of one value at a time. */
  batch?: boolean;
  maxBatchSize?: number;
}

/** Context of a bus event handler: key, partition, offset and headers of the record. */
export class BusContext extends BaseRpcContext<[DeliveredMessage<unknown> | DeliveredMessage<unknown>[]]> {
  get message(): DeliveredMessage<unknown> | DeliveredMessage<unknown>[] {
    return this.getArgByIndex(0);
  }
}

/**
 * A @nestjs/microservices transport over our EventBus port, so services declare consumers the Nest way
 * (`@EventPattern(Topics.position.name, { group: 'tracking', batch: true })`) and stay unaware of the
 * adapter (Kafka in cluster mode, in-process in standalone mode).
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly catalogue: readonly TopicDef<unknown>[],
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        const topic = this.catalogue.find((candidate) => candidate.name === pattern);
        if (!topic) throw new Error(`@EventPattern('${pattern}') names no topic of the catalogue`);
        const extras = (handler.extras ?? {}) as Partial<BusPatternExtras>;
        if (!extras.group) throw new Error(`@EventPattern('${pattern}') needs { group } in its extras`);
        const invoke = async (data: unknown, message: DeliveredMessage<unknown> | DeliveredMessage<unknown>[]) => {
          const result = await handler(data, new BusContext([message]));
          if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
        };
        const subscription = await this.bus.subscribe(topic, {
          group: extras.group,
          maxBatchSize: extras.maxBatchSize,
          handle: async (messages) => {
            if (extras.batch) {
              await invoke(messages, messages);
              return;
            }
            for (const message of messages) await invoke(message.value, message);
          },
        });
        this.subscriptions.push(subscription);
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.close()));
  }

  on(): never {
    throw new Error('BusTransport does not emit transport events');
  }

  unwrap<T>(): T {
    return this.bus as unknown as T;
  }
}
