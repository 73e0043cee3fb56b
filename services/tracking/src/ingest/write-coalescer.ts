/** A unit of work handed to the coalescer, with how much it weighs (rows) toward one flush. */
interface PendingWrite<T> {
  item: T;
  weight: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CoalescerLimits {
  /** Flushes in flight at once (1 for SQLite: one connection). */
  concurrency: number;
  /** A flush takes queued items up to this total weight (always at least one item). */
  maxWeight: number;
}

/**
 * Group commit: callers submit items and wait; whenever a flush slot is free, everything queued so
 * far (up to maxWeight) goes into one flush, and each caller learns the outcome of the flush that
 * carried its item. Idle, an item is flushed at once; under load the batches of several bus
 * partitions share one transaction.
 */
export class WriteCoalescer<T> {
  private readonly queue: PendingWrite<T>[] = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly limits: CoalescerLimits,
  ) {}

  submit(item: T, weight: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, weight, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.limits.concurrency && this.queue.length) {
      const group: PendingWrite<T>[] = [this.queue.shift() as PendingWrite<T>];
      let weight = group[0].weight;
      while (this.queue.length && weight + this.queue[0].weight <= this.limits.maxWeight) {
        const next = this.queue.shift() as PendingWrite<T>;
        weight += next.weight;
        group.push(next);
      }
      this.inFlight++;
      this.flush(group.map((pending) => pending.item)).then(
        () => group.forEach((pending) => pending.resolve()),
        (error: unknown) => group.forEach((pending) => pending.reject(error)),
      ).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }
}
