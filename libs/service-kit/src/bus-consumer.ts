import { Inject, Optional, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DeliveredMessage, EventBus, SubscribeOptions, Subscription } from '@openfleet/bus';
import { PoisonMessageError, type TopicDef } from '@openfleet/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { PROCESS_ENV } from './tokens';

/** What a consumer reads from one topic; build it with {@link consume} so the payload type follows the topic. */
export interface ConsumeOptions<T> extends Omit<SubscribeOptions<T>, 'group' | 'handle'> {
  /**
   * The consumer group, `<service>-<purpose>` by convention (`fence-issue-orders`). Env
   * `BUS_GROUP_<GROUP>` (upper case, `-` as `_`) names another: tests and side-by-side deployments.
   */
  group: string;
  /** Appends a unique suffix: every process sees every record (caches, per-process fan-out to sockets). */
  perInstance?: boolean;
  /** Checks each payload first: a class-validator DTO, or a guard that returns false for a bad one. Bad ones are parked. */
  validate?: (new () => object) | ((value: T) => boolean);
  /** The whole batch (in order, one partition); offsets are committed once it resolves. */
  handle?: (messages: DeliveredMessage<T>[]) => Promise<void>;
  /** Or one payload at a time, in order. */
  each?: (value: T, message: DeliveredMessage<T>) => Promise<void> | void;
}

/** One subscription of a {@link BusConsumer}, its payload type erased so one list holds several topics. */
export interface Consumption {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  topic: TopicDef<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  options: ConsumeOptions<any>;
}

export function consume<T>(topic: TopicDef<T>, options: ConsumeOptions<T>): Consumption {
  if (!options.handle === !options.each) throw new Error(`consume(${topic.name}): give exactly one of handle or each`);
  return { topic, options };
}

/** The env variable that overrides a group: `fence-issue-orders` -> `BUS_GROUP_FENCE_ISSUE_ORDERS`. */
export function groupEnvName(group: string): string {
  return `BUS_GROUP_${group.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/**
 * The one way a service consumes the bus: a provider extends this, exposes its bus as
 * `protected readonly bus` and lists what it reads in `consumes()`. The base subscribes at module
 * init (or at application bootstrap with `subscribeAt = 'bootstrap'`), closes at destroy, names
 * groups by config and parks invalid payloads. Failures are the bus delivery's to report: a
 * `PoisonMessageError` (or an invalid payload) is parked on `<topic>.dlq`, anything else is retried
 * with backoff and one rate-limited log line, so a handler neither catches nor logs to stay alive.
 * A provider that prepares state first overrides `onModuleInit` and calls `super.onModuleInit()`.
 */
export abstract class BusConsumer implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  protected abstract readonly bus: EventBus;
  protected readonly subscribeAt: 'init' | 'bootstrap' = 'init';
  @Optional() @Inject(PROCESS_ENV) private readonly consumerEnv?: NodeJS.ProcessEnv;
  private readonly consumerSubscriptions: Subscription[] = [];

  /** What this provider reads; called once, when it subscribes (config and injected services are ready). */
  protected abstract consumes(): Consumption[];

  async onModuleInit(): Promise<void> {
    if (this.subscribeAt === 'init') await this.startConsuming();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.subscribeAt === 'bootstrap') await this.startConsuming();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopConsuming();
  }

  /** The groups this provider consumes in, as subscribed. */
  get consumerGroups(): string[] {
    return this.consumerSubscriptions.map((subscription) => subscription.group);
  }

  /** Subscribes every consumption; for classes outside Nest's lifecycle (the gateway's), called by hand. */
  async startConsuming(env: NodeJS.ProcessEnv | undefined = this.consumerEnv): Promise<void> {
    if (this.consumerSubscriptions.length) return;
    for (const { topic, options } of this.consumes()) {
      const { group, perInstance, validate, handle, each, ...rest } = options;
      const named = env?.[groupEnvName(group)] || group;
      this.consumerSubscriptions.push(
        await this.bus.subscribe(topic, { ...rest, group: perInstance ? `${named}-${randomUUID()}` : named, handle: handlerOf(validate, handle, each) }),
      );
    }
  }

  /** Closes every subscription after its in-flight batch. */
  async stopConsuming(): Promise<void> {
    await Promise.allSettled(this.consumerSubscriptions.splice(0).map((subscription) => subscription.close()));
  }
}

function handlerOf<T>(validate: ConsumeOptions<T>['validate'], handle: ConsumeOptions<T>['handle'], each: ConsumeOptions<T>['each']) {
  const problemOf = validate ? validatorOf(validate) : undefined;
  return async (messages: DeliveredMessage<T>[]): Promise<void> => {
    // All checked before any is handled: a bad record then makes delivery replay the batch one by one and park only it.
    if (problemOf) {
      for (const message of messages) {
        const problem = problemOf(message.value);
        if (problem) throw new PoisonMessageError(`invalid payload on ${message.topic}: ${problem}`);
      }
    }
    if (handle) return handle(messages);
    for (const message of messages) await each!(message.value, message);
  };
}

function validatorOf<T>(validate: NonNullable<ConsumeOptions<T>['validate']>): (value: T) => string | undefined {
  if (isClass(validate)) {
    return (value) => {
      const errors = validateSync(plainToInstance(validate, value as object), { forbidUnknownValues: false });
      return errors.length ? errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join(', ') || 'invalid'}`).join('; ') : undefined;
    };
  }
  const guard = validate as (value: T) => boolean;
  return (value) => (guard(value) ? undefined : 'refused by its guard');
}

function isClass(candidate: unknown): candidate is new () => object {
  return typeof candidate === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(candidate));
}
