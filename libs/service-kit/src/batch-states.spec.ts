import { BatchStates } from './batch-states';

type Counter = { n: number; lastAt: number };

/** Stands in for the consumer's table: what was last written per key. */
const storage = (rows: Record<string, Counter>) => {
  const reads: string[][] = [];
  let away = false;
  return {
    reads,
    setAway: (value: boolean) => (away = value),
    reload: async (keys: string[]) => {
      if (away) throw new Error('storage away');
      reads.push(keys);
      return new Map(keys.filter((key) => rows[key]).map((key) => [key, { ...rows[key] }]));
    },
  };
};

/** A batch that moves `key`'s state, then fails as a write would. */
const failAfterMoving = (states: BatchStates<Counter>, key: string) =>
  expect(
    states.update(async (batch) => {
      batch.get(key)!.n = 5;
      throw new Error('away');
    }),
  ).rejects.toThrow('away');

describe('BatchStates', () => {
  it('reads again what a failed batch touched before the next batch: the retry starts from the stored states', async () => {
    const stored = storage({ a: { n: 1, lastAt: 10 }, c: { n: 3, lastAt: 10 } });
    const states = new BatchStates<Counter>(stored.reload);
    states.set('a', { n: 1, lastAt: 10 });
    states.set('c', { n: 3, lastAt: 10 });
    states.set('d', { n: 4, lastAt: 10 });
    await expect(
      states.update(async (batch) => {
        const a = batch.get('a')!;
        a.n = 2;
        a.lastAt = 20;
        batch.set('b', { n: 1, lastAt: 20 });
        batch.get('c')!.n = 0;
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const seen = await states.update(async (batch) => [batch.get('a'), batch.get('b'), batch.get('c'), batch.get('d')]);
    expect(stored.reads).toEqual([['a', 'b', 'c']]);
    // b was never stored: it starts afresh. d was not touched: kept as it was, not read.
    expect(seen).toEqual([{ n: 1, lastAt: 10 }, undefined, { n: 3, lastAt: 10 }, { n: 4, lastAt: 10 }]);
  });

  it('keeps what a batch changed once it resolves, reads nothing, and answers what the work returned', async () => {
    const stored = storage({});
    const states = new BatchStates<Counter>(stored.reload);
    states.set('a', { n: 1, lastAt: 10 });
    const answer = await states.update(async (batch) => {
      batch.get('a')!.n = 2;
      batch.set('b', { n: 1, lastAt: 20 });
      return 'stored';
    });
    expect(answer).toBe('stored');
    expect([...states.entries()]).toEqual([
      ['a', { n: 2, lastAt: 10 }],
      ['b', { n: 1, lastAt: 20 }],
    ]);
    expect(stored.reads).toEqual([]);
  });

  it('fails the next batch while storage is away, and reads the states once it is back', async () => {
    const stored = storage({ a: { n: 1, lastAt: 10 } });
    const states = new BatchStates<Counter>(stored.reload);
    states.set('a', { n: 1, lastAt: 10 });
    await failAfterMoving(states, 'a');
    stored.setAway(true);
    let ran = false;
    await expect(states.update(async () => void (ran = true))).rejects.toThrow('storage away');
    expect(ran).toBe(false);
    stored.setAway(false);
    expect(await states.update(async (batch) => batch.get('a'))).toEqual({ n: 1, lastAt: 10 });
  });

  it('makes a batch of another partition wait for the read under way, and leaves its own keys alone', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const states = new BatchStates<Counter>(async (keys) => {
      await gate;
      return new Map(keys.map((key) => [key, { n: 1, lastAt: 10 }]));
    });
    states.set('a', { n: 1, lastAt: 10 });
    states.set('b', { n: 1, lastAt: 10 });
    await failAfterMoving(states, 'a');
    // Partition B's batch starts the read; A's retry, arriving meanwhile, waits for it rather than finding `a` missing.
    const other = states.update(async (batch) => void (batch.get('b')!.n = 7));
    const retry = states.update(async (batch) => batch.get('a'));
    release();
    await other;
    expect(await retry).toEqual({ n: 1, lastAt: 10 });
    expect(states.get('b')!.n).toBe(7);
  });

  it('reads the states a batch needs that it holds none of, once, and not those it holds', async () => {
    const stored = storage({ a: { n: 1, lastAt: 10 }, b: { n: 2, lastAt: 10 } });
    const states = new BatchStates<Counter>(stored.reload);
    states.set('b', { n: 9, lastAt: 20 });
    expect(await states.update(async (batch) => [batch.get('a'), batch.get('b'), batch.get('c')], ['a', 'a', 'b', 'c'])).toEqual([{ n: 1, lastAt: 10 }, { n: 9, lastAt: 20 }, undefined]);
    expect(stored.reads).toEqual([['a', 'c']]);
    // After a failure, the stale key is read once (as stale), not a second time as missing.
    await failAfterMoving(states, 'a');
    await states.update(async (batch) => batch.get('a'), ['a']);
    expect(stored.reads).toEqual([['a', 'c'], ['a']]);
  });
});
