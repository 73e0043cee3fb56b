// A retried handler writes one line (topic, partition, key, attempt, the error's first line) and few
// of them: the first at once, then at most one a period per group and topic with the count held back.
import { jsonCodec, type TopicDef } from '@openfleet/contracts';
import type { BusLogger } from './bus-logger';
import { consoleBusLogger } from './bus-logger';
import { deliverBatch, type EncodedRecord } from './delivery';

const topic: TopicDef<{ n: number }> = { name: 'test.retry.v1', key: 'vehicle', partitions: 3, codec: jsonCodec(() => null), description: 'retry log test' };

const record = (offset: number, key = 'LSVAU2180N2183294'): EncodedRecord => ({ partition: 2, offset: String(offset), key, value: Buffer.from(JSON.stringify({ n: offset })), headers: {}, timestamp: 0 });

/** A logger that keeps what it was told. */
function stubLogger() {
  const warns: { detail: Record<string, unknown>; message: string }[] = [];
  const logger: BusLogger = { info: () => undefined, warn: (detail, message) => void warns.push({ detail, message }), error: () => undefined };
  return { logger, warns };
}

/** A handler that fails `times` times with a multi-line driver error, then succeeds. */
const failing = (times: number) => {
  let calls = 0;
  return async () => {
    if (calls++ < times) throw new Error('SqliteError: cannot start a transaction within a transaction\n    at Database.exec (/x/better-sqlite3.js:1:1)\n    at BetterSqlite3QueryRunner.query');
  };
};

const deliver = (logger: BusLogger, handle: () => Promise<void>, offset = 1, retryLogPeriodMs?: number) =>
  deliverBatch(topic, { group: 'energy-ingest', handle }, [record(offset)], { park: async () => undefined, isActive: () => true, logger, backoff: { initialMs: 1, maxMs: 2 }, retryLogPeriodMs });

describe('retry log of the delivery loop', () => {
  it('writes one line for a batch retried five times: topic, partition, key, attempt, the first line of the error', async () => {
    const { logger, warns } = stubLogger();
    expect(await deliver(logger, failing(5))).toBe(true);
    expect(warns).toEqual([
      {
        message: 'handler failed, retrying',
        detail: { group: 'energy-ingest', topic: 'test.retry.v1', partition: 2, key: 'LSVAU2180N2183294', offset: '1', attempt: 1, error: 'SqliteError: cannot start a transaction within a transaction' },
      },
    ]);
  });

  it('holds back the retries of later batches within the period, then says how many it held', async () => {
    const { logger, warns } = stubLogger();
    await deliver(logger, failing(1), 1, 300);
    await deliver(logger, failing(2), 2, 300);
    await deliver(logger, failing(1), 3, 300);
    expect(warns).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 320));
    await deliver(logger, failing(1), 4, 300);
    expect(warns).toHaveLength(2);
    expect(warns[1].detail).toMatchObject({ offset: '4', attempt: 1, heldBack: 3 });
  });

  it('prints a retry on one console line', async () => {
    const printed: string[] = [];
    const spy = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      await deliver(consoleBusLogger, failing(3));
    } finally {
      spy.mockRestore();
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).not.toContain('\n');
    expect(printed[0]).toMatch(/^\[bus\] handler failed, retrying .*topic: 'test\.retry\.v1'.*partition: 2.*key: 'LSVAU2180N2183294'.*attempt: 1.*cannot start a transaction within a transaction'/);
  });
});
