import type { Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics, type RawFrame } from '@openfleet/contracts';
import type { GatewayMetrics } from './gateway-metrics';

const FLUSH_INTERVAL_MS = 50;
// Frames per bus record: ~100 hex bytes each keeps a record near 100 KB, well under Kafka's 1 MB.
const MAX_BATCH = 1000;

/**
 * Fire-and-forget capture of every frame in and out. Frames are queued and published as one
 * `RawFrameBatch` record per flush, one flush in flight at a time; acks never wait for it, and
 * when the queue is full (bus slow or down) frames are dropped and counted rather than buffered
 * without bound.
 */
export class RawFrameCapture {
  private queue: RawFrame[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly gatewayId: string,
    private readonly limit: number,
    private readonly metrics: GatewayMetrics,
    private readonly logger: Logger,
    private readonly enabled: boolean,
  ) {}

  record(terminalPhone: string, direction: 'up' | 'down', frame: Buffer | string, error?: string): void {
    if (!this.enabled) return;
    if (this.queue.length >= this.limit) {
      this.metrics.rawDropped.inc();
      return;
    }
    const hex = typeof frame === 'string' ? frame : frame.toString('hex');
    const entry: RawFrame = { terminalPhone, direction, hex, at: Date.now() };
    if (error) entry.error = error;
    this.queue.push(entry);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Publishes what is queued and waits for it (shutdown). */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight || this.queue.length) {
      if (this.inFlight) await this.inFlight;
      else this.flush();
    }
  }

  private flush(): void {
    this.timer = undefined;
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight = this.bus
      .publish(Topics.rawFrames, { key: this.gatewayId, value: { gatewayId: this.gatewayId, frames: batch } })
      .catch((error: Error) => {
        this.metrics.rawDropped.inc(batch.length);
        this.logger.warn(`raw frame capture: ${batch.length} frames dropped: ${error.message}`);
      })
      .finally(() => {
        this.inFlight = undefined;
        if (this.queue.length) this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
      });
  }
}
