const MIN_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5000;

/**
 * Circuit breaker in front of uplink publishes. When the bus rejects a publish the gate closes:
 * connections stop being read (back-pressure reaches the terminals through TCP) and waiting
 * publishes hold still. After a backoff it reopens; a success keeps it open, another failure
 * closes it again for longer.
 */
export class BusGate {
  private open = true;
  private backoffMs = MIN_BACKOFF_MS;
  private timer: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];
  private readonly listeners: ((open: boolean) => void)[] = [];

  get isOpen(): boolean {
    return this.open;
  }

  onChange(listener: (open: boolean) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves at once while open, else when the gate reopens. */
  whenOpen(): Promise<void> {
    if (this.open) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  succeeded(): void {
    this.backoffMs = MIN_BACKOFF_MS;
  }

  failed(): void {
    if (!this.open) return;
    this.open = false;
    this.notify();
    this.timer = setTimeout(() => this.reopen(), this.backoffMs);
    this.timer.unref();
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.reopen();
  }

  private reopen(): void {
    this.timer = undefined;
    if (this.open) return;
    this.open = true;
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.open);
  }
}
