/** The part of a SourceBuffer the queue drives (a fake in tests). */
export interface AppendTarget {
  readonly updating: boolean;
  appendBuffer(data: ArrayBuffer): void;
  remove(start: number, end: number): void;
}

/** Thrown by appendBuffer when the browser's buffer quota is full. */
export function isQuotaExceeded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError';
}

/**
 * Appends fMP4 chunks to one SourceBuffer strictly in order: a chunk waits while the buffer is
 * `updating`, and `pump` (called on every `updateend`) sends the next. A full quota asks `trim`
 * for a range to drop, removes it, and retries the same chunk after that removal ends; a removal
 * requested with `removeBefore` waits its turn the same way.
 */
export class AppendQueue {
  private readonly pending: ({ kind: 'append'; data: ArrayBuffer } | { kind: 'remove'; start: number; end: number })[] = [];
  private quotaRetries = 0;

  constructor(
    private readonly target: AppendTarget,
    /** The range to free when the quota is full (null: nothing to free). */
    private readonly trim: () => [number, number] | null,
    private readonly onError: (error: unknown) => void,
  ) {}

  get length(): number {
    return this.pending.length;
  }

  append(data: ArrayBuffer): void {
    this.pending.push({ kind: 'append', data });
    this.pump();
  }

  removeBefore(start: number, end: number): void {
    if (end <= start) return;
    this.pending.push({ kind: 'remove', start, end });
    this.pump();
  }

  /** Drops everything queued (a new init segment resets the buffer). */
  clear(): void {
    this.pending.length = 0;
  }

  pump(): void {
    if (this.target.updating) return;
    const next = this.pending[0];
    if (!next) return;
    try {
      if (next.kind === 'remove') this.target.remove(next.start, next.end);
      else this.target.appendBuffer(next.data);
      this.pending.shift();
      if (next.kind === 'append') this.quotaRetries = 0;
    } catch (error) {
      const range = isQuotaExceeded(error) && this.quotaRetries < 3 ? this.trim() : null;
      if (!range) {
        this.pending.shift();
        this.onError(error);
        this.pump();
        return;
      }
      // Keep the chunk at the head: it is retried when the removal's updateend pumps again.
      this.quotaRetries += 1;
      this.target.remove(range[0], range[1]);
    }
  }
}
