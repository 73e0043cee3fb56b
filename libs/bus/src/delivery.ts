import { PoisonMessageError, type TopicDef } from '@openfleet/contracts';
import type { BusLogger } from './bus-logger';
import type { DeliveredMessage, SubscribeOptions } from './event-bus';

/** A record as it came off the log, before decoding. */
export interface EncodedRecord {
  partition: number;
  offset: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
  timestamp: number;
  /** Set when the adapter could not even unpack the record (a malformed bundle): parked as it is. */
  undecodable?: Error;
}

export interface ParkedRecord {
  record: EncodedRecord;
  error: Error;
}

export interface DeliveryHooks {
  /** Parks a poison record on the dead-letter topic; must resolve only once it is stored. */
  park(parked: ParkedRecord): Promise<void>;
  /** False once the subscription is closing or lost its partition: stop retrying, do not commit. */
  isActive(): boolean;
  /** Called between retries (Kafka uses it to heartbeat). */
  onRetry?(): Promise<void>;
  logger: BusLogger;
  /** Backoff bounds in ms; tests shorten them. */
  backoff?: { initialMs: number; maxMs: number };
  /** At most one 'handler failed, retrying' line per group and topic this often (default a minute). */
  retryLogPeriodMs?: number;
}

export const DEFAULT_BACKOFF = { initialMs: 100, maxMs: 30_000 };
const RETRY_LOG_PERIOD_MS = 60_000;

/** When each logger last wrote a retry line per group and topic, and how many it held back since. */
const retryLines = new WeakMap<BusLogger, Map<string, { at: number; held: number }>>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Shared delivery semantics of both adapters, so they cannot drift apart:
 * undecodable records and `PoisonMessageError`s are parked; other errors are retried with
 * exponential backoff until they succeed or the subscription stops. Returns true when the whole
 * batch is done (processed or parked) and its offsets may be committed.
 */
export async function deliverBatch<T>(
  topic: TopicDef<T>,
  options: SubscribeOptions<T>,
  records: EncodedRecord[],
  hooks: DeliveryHooks,
): Promise<boolean> {
  const decoded: DeliveredMessage<T>[] = [];
  const encodedOf = new Map<DeliveredMessage<T>, EncodedRecord>();
  for (const record of records) {
    if (record.undecodable) {
      await parkWithRetry({ record, error: record.undecodable }, hooks);
      continue;
    }
    try {
      // Built field by field: a spread of the record costs more than the decode on hot topics.
      const message: DeliveredMessage<T> = {
        topic: topic.name,
        partition: record.partition,
        offset: record.offset,
        key: record.key,
        value: topic.codec.decode(record.value),
        headers: record.headers,
        timestamp: record.timestamp,
      };
      decoded.push(message);
      encodedOf.set(message, record);
    } catch (error) {
      await parkWithRetry({ record, error: asError(error) }, hooks);
    }
  }
  if (decoded.length === 0) return hooks.isActive();
  return handleWithRetry({ options, hooks, encodedOf }, decoded, true);
}

interface DeliveryContext<T> {
  options: SubscribeOptions<T>;
  hooks: DeliveryHooks;
  encodedOf: Map<DeliveredMessage<T>, EncodedRecord>;
}

/**
 * Runs a subscription's `onAssigned` until it succeeds or the assignment is no longer current
 * (`isActive` false: closed, or a newer assignment replaced it), with the handlers' backoff and
 * retry log. A member must not handle records before it knows its state, but a database that is
 * away at the moment of a rebalance must not leave the consumer waiting on a rejected promise for
 * ever (or crash the process with an unhandled rejection): it loads the state once it is back.
 */
export async function assignWithRetry(
  onAssigned: NonNullable<SubscribeOptions<unknown>['onAssigned']>,
  owns: (key: string) => boolean,
  context: { group: string; topic: string; hooks: Pick<DeliveryHooks, 'isActive' | 'logger' | 'backoff' | 'retryLogPeriodMs'> },
): Promise<void> {
  const backoff = context.hooks.backoff ?? DEFAULT_BACKOFF;
  let delay = backoff.initialMs;
  for (let attempt = 1; context.hooks.isActive(); attempt++) {
    try {
      await onAssigned(owns);
      return;
    } catch (error) {
      logRetry(context.hooks, { group: context.group, topic: context.topic, stage: 'assignment', attempt, error: firstLine(asError(error).message) });
      await sleep(delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
}

async function handleWithRetry<T>(
  context: DeliveryContext<T>,
  messages: DeliveredMessage<T>[],
  isolatePoison: boolean,
): Promise<boolean> {
  const { options, hooks } = context;
  const backoff = hooks.backoff ?? DEFAULT_BACKOFF;
  let delay = backoff.initialMs;
  for (let attempt = 1; ; attempt++) {
    if (!hooks.isActive()) return false;
    try {
      await options.handle(messages);
      return true;
    } catch (error) {
      const failure = asError(error);
      if (failure instanceof PoisonMessageError) {
        if (messages.length === 1) {
          await parkWithRetry({ record: context.encodedOf.get(messages[0])!, error: failure }, hooks);
          return hooks.isActive();
        }
        // A batch failed on a poison record: replay it one by one so only that record is parked.
        if (isolatePoison) return handleOneByOne(context, messages);
      }
      logRetry(hooks, { group: options.group, topic: messages[0].topic, partition: messages[0].partition, key: messages[0].key, offset: messages[0].offset, attempt, error: firstLine(failure.message) });
      await sleep(delay);
      await hooks.onRetry?.();
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
}

async function handleOneByOne<T>(context: DeliveryContext<T>, messages: DeliveredMessage<T>[]): Promise<boolean> {
  for (const message of messages) {
    if (!(await handleWithRetry(context, [message], false))) return false;
  }
  return true;
}

async function parkWithRetry(parked: ParkedRecord, hooks: DeliveryHooks): Promise<void> {
  hooks.logger.error(
    { partition: parked.record.partition, offset: parked.record.offset, key: parked.record.key, error: parked.error.message },
    'parking poison message on the dead-letter topic',
  );
  const backoff = hooks.backoff ?? DEFAULT_BACKOFF;
  let delay = backoff.initialMs;
  while (hooks.isActive()) {
    try {
      await hooks.park(parked);
      return;
    } catch (error) {
      hooks.logger.warn({ error: asError(error).message }, 'dead-letter publish failed, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
}

/**
 * One line per retry, and few of them: a handler that keeps failing (or fails now and then, as a
 * busy database does) writes the first at once, then at most one a period per group and topic,
 * saying how many it held back. A retry is no loss, and a line per attempt read like one.
 */
type RetryDetail = { group: string; topic: string; attempt: number; error: string } & ({ partition: number; key: string; offset: string } | { stage: 'assignment' });

function logRetry(hooks: Pick<DeliveryHooks, 'logger' | 'retryLogPeriodMs'>, detail: RetryDetail): void {
  let lines = retryLines.get(hooks.logger);
  if (!lines) retryLines.set(hooks.logger, (lines = new Map()));
  const id = `${detail.group}\0${detail.topic}`;
  const now = Date.now();
  const last = lines.get(id);
  if (last && now - last.at < (hooks.retryLogPeriodMs ?? RETRY_LOG_PERIOD_MS)) {
    last.held++;
    return;
  }
  const what = 'stage' in detail ? 'taking the assignment failed, retrying' : 'handler failed, retrying';
  hooks.logger.warn(last?.held ? { ...detail, heldBack: last.held } : detail, what);
  lines.set(id, { at: now, held: 0 });
}

/** A message without what a driver appends below its first line (SQL, stacks). */
function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
