import { LRUCache } from 'lru-cache';
import { Counter } from 'prom-client';

const hitsTotal = new Counter({ name: 'tracking_track_cache_hits_total', help: 'findDailyMileage answers served from the answer cache' });
const missesTotal = new Counter({ name: 'tracking_track_cache_misses_total', help: 'findDailyMileage answers built anew (not cached, or the rows of the window changed)' });

/** Bytes counted for an entry beside its body: the key, the validator, the objects around them. */
const ENTRY_OVERHEAD_BYTES = 256;

interface CachedAnswer {
  /** What the rows of the window looked like when the body was built (row count, first time). */
  validator: string;
  body: Buffer;
}

/**
 * Finished answers of track queries, bounded by bytes, least recently used dropped first.
 *
 * track_point is insert-only (INSERT IGNORE / LOAD DATA IGNORE never change a stored row) and the
 * partition job only drops whole old days, so the rows of a terminal's window change exactly when
 * their count does (a late blind-area point raises it) or their first time does (a dropped day).
 * The caller reads that validator from the database BEFORE it loads the rows of a miss, so a row
 * that arrives in between makes the stored body newer than its validator (the next request misses
 * and rebuilds), never older.
 */
export class TrackAnswerCache {
  private readonly entries?: LRUCache<string, CachedAnswer>;
  /** Answers served from the cache by this instance (the metric counts every instance of the process). */
  hits = 0;
  misses = 0;

  constructor(maxMegabytes: number) {
    if (maxMegabytes > 0) {
      this.entries = new LRUCache<string, CachedAnswer>({
        maxSize: Math.floor(maxMegabytes * 1024 * 1024),
        sizeCalculation: (entry, key) => entry.body.byteLength + key.length + entry.validator.length + ENTRY_OVERHEAD_BYTES,
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** Bytes held, as counted against the bound. */
  get size(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /** The body stored under `key` if it was built from rows that still have this `validator`. */
  get(key: string, validator: string): Buffer | undefined {
    const entry = this.entries?.get(key);
    if (entry && entry.validator === validator) {
      this.hits++;
      hitsTotal.inc();
      return entry.body;
    }
    // Rows arrived or a day was dropped: the old body can never be right again.
    if (entry) this.entries?.delete(key);
    this.misses++;
    missesTotal.inc();
    return undefined;
  }

  /** Keeps `body` (an answer larger than the whole bound is not kept). */
  set(key: string, validator: string, body: Buffer): void {
    if (!this.entries) return;
    // A small Buffer may be a slice of a shared 8 KiB pool, a large one the front of a bigger
    // allocation: keep an exact copy so that the bound counts what is really held.
    let owned = body;
    if (body.byteLength !== body.buffer.byteLength) {
      owned = Buffer.allocUnsafeSlow(body.byteLength);
      body.copy(owned);
    }
    this.entries.set(key, { validator, body: owned });
  }
}
