import { WriteCoalescer } from './write-coalescer';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteCoalescer', () => {
  it('flushes an item at once when idle and merges what queues behind a busy flush', async () => {
    const flushes: number[][] = [];
    let release: () => void = () => undefined;
    const coalescer = new WriteCoalescer<number>((items) => {
      flushes.push(items);
      return new Promise<void>((resolve) => (release = resolve));
    }, { concurrency: 1, maxWeight: 100 });
    const first = coalescer.submit(1, 10);
    const queued = [coalescer.submit(2, 10), coalescer.submit(3, 10)];
    expect(flushes).toEqual([[1]]);
    release();
    await first;
    await tick();
    expect(flushes).toEqual([[1], [2, 3]]);
    release();
    await Promise.all(queued);
  });

  it('caps a flush at the weight limit but always takes one item', async () => {
    const flushes: number[][] = [];
    const coalescer = new WriteCoalescer<number>(async (items) => {
      flushes.push(items);
    }, { concurrency: 1, maxWeight: 15 });
    await Promise.all([coalescer.submit(1, 10), coalescer.submit(2, 10), coalescer.submit(3, 4), coalescer.submit(4, 50)]);
    expect(flushes).toEqual([[1], [2, 3], [4]]);
  });

  it('rejects every caller of a failed flush and keeps serving later items', async () => {
    let fail = true;
    const coalescer = new WriteCoalescer<number>(async () => {
      await tick();
      if (fail) throw new Error('database down');
    }, { concurrency: 1, maxWeight: 100 });
    const blocker = coalescer.submit(0, 1);
    const grouped = [coalescer.submit(1, 1), coalescer.submit(2, 1)];
    await expect(blocker).rejects.toThrow('database down');
    fail = false;
    // 1 and 2 were queued together behind the failed flush; it is the next flush, which succeeds.
    await expect(Promise.all(grouped)).resolves.toEqual([undefined, undefined]);
    fail = true;
    await expect(coalescer.submit(3, 1)).rejects.toThrow('database down');
  });

  it('runs up to `concurrency` flushes at once', async () => {
    let running = 0;
    let peak = 0;
    const coalescer = new WriteCoalescer<number>(async () => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
    }, { concurrency: 2, maxWeight: 1 });
    await Promise.all([1, 2, 3, 4].map((n) => coalescer.submit(n, 1)));
    expect(peak).toBe(2);
  });
});
