/**
 * The per-key states a batch consumer keeps in memory for the keys of the partitions it owns (a
 * fence evaluator's vehicles inside fences, a fuel ledger's tanks, a bus's place on its line ...),
 * written back with each batch and reloaded on assignment.
 *
 * A batch changes them through `update(work)`. When `work` throws (a write failed), the states it
 * touched are dropped and read again from storage (`reload`) before any batch goes on, so the batch
 * the bus hands again starts from the stored states. Had they kept the failed attempt's changes,
 * the retry would find every record already seen (no newer than the moved states), store nothing,
 * and the batch's events, rows and states would be lost; the next owner would load the old state
 * and raise an entry or an arrival where there was none (stop 46 found this in the fence evaluator
 * under cluster-n's kills).
 *
 * Each consumer writes a batch's states after its events and rows, so what storage holds is the
 * state before the batch, or after it for a state whose outputs are stored already. A consumer
 * that writes states less often than every batch (the fuel ledger: once a GNSS minute) goes back to
 * its last write, as after a crash. Nothing is copied on the way: an undo copy of every state a
 * batch touched cost bench:fuel a third of its throughput (110,000 to 72,000 positions a CPU-s).
 * Batches of different partitions run at once (four by default) and touch disjoint keys.
 */
export class BatchStates<S> {
  private readonly kept = new Map<string, S>();
  /** Keys a failed batch touched: read again before the next batch. */
  private readonly stale = new Set<string>();
  /** The read of stale keys under way (every batch waits for it). */
  private reloading: Promise<void> = Promise.resolve();

  /** `reload` reads the stored states of `keys` (those it has none for start afresh). */
  constructor(private readonly reload: (keys: string[]) => Promise<Map<string, S>>) {}

  /** The state of `key`: for loading and for readers outside a batch. */
  get(key: string): S | undefined {
    return this.kept.get(key);
  }

  /** Loads a stored state (on assignment). */
  set(key: string, state: S): void {
    this.kept.set(key, state);
  }

  /** Before a full load (on assignment): it reads every state, stale ones too. */
  clear(): void {
    this.kept.clear();
    this.stale.clear();
  }

  get size(): number {
    return this.kept.size;
  }

  entries(): IterableIterator<[string, S]> {
    return this.kept.entries();
  }

  /**
   * Runs one batch; when `work` throws, the states it touched are read again before the next batch.
   * `needs`: keys whose states are read first if none is held (a consumer that reads states as
   * their keys first come rather than on assignment).
   */
  async update<T>(work: (states: BatchUpdate<S>) => Promise<T>, needs?: Iterable<string>): Promise<T> {
    await this.reloadStale();
    const missing = needs ? [...new Set(needs)].filter((key) => !this.kept.has(key)) : [];
    if (missing.length) for (const [key, state] of await this.reload(missing)) this.kept.set(key, state);
    const batch = new BatchUpdate(this.kept);
    try {
      return await work(batch);
    } catch (error) {
      for (const key of batch.touched) {
        this.kept.delete(key);
        this.stale.add(key);
      }
      throw error;
    }
  }

  private reloadStale(): Promise<void> {
    if (this.stale.size) {
      const keys = [...this.stale];
      this.stale.clear();
      this.reloading = this.reloading.then(async () => {
        try {
          for (const [key, state] of await this.reload(keys)) this.kept.set(key, state);
        } catch (error) {
          // Storage still away: this batch fails (the bus hands it again) and the next one reads them.
          for (const key of keys) this.stale.add(key);
          throw error;
        }
      });
    }
    const current = this.reloading;
    this.reloading = current.catch(() => undefined);
    return current;
  }
}

/** A batch's access to the states: it changes them in place, and what it touched is known. */
export class BatchUpdate<S> {
  readonly touched = new Set<string>();

  constructor(private readonly kept: Map<string, S>) {}

  /** The state of `key`, to change in place. */
  get(key: string): S | undefined {
    this.touched.add(key);
    return this.kept.get(key);
  }

  set(key: string, state: S): void {
    this.touched.add(key);
    this.kept.set(key, state);
  }
}
