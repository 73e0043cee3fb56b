import type { EventBus } from '@openfleet/bus';
import { Topics, type FrameProtocol, type RawFrame } from '@openfleet/contracts';

const FLUSH_INTERVAL_MS = 50;
// Frames per bus record: ~100 hex bytes each keeps a record near 100 KB, well under Kafka's 1 MB.
const MAX_BATCH = 1000;

export interface RawFrameCaptureOptions {
  bus: EventBus;
  /** The record key and the batch's gatewayId: the instance that saw the frames. */
  gatewayId: string;
  /** Frames waiting for the bus at most; beyond it they are dropped and counted. */
  limit: number;
  enabled: boolean;
  /** Absent: jt808. */
  protocol?: FrameProtocol;
  /** Told how many frames were not captured (queue full or bus down). */
  onDropped?: (count: number) => void;
  logger: { warn(message: string): void };
}

/**
 * Fire-and-forget capture of every frame in and out of a vehicle-facing link, for the frame
 * archive (gateway.raw-frames.v1). Frames are queued and published as one `RawFrameBatch` record
 * per flush, one flush in flight at a time; acks never wait for it, and when the queue is full
 * (bus slow or down) frames are dropped and counted rather than buffered without bound.
 */
export class RawFrameCapture {
  private queue: RawFrame[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(private readonly options: RawFrameCaptureOptions) {}

  /** `terminal`: the terminal phone, the VIN (32960, HJ 1239) or `809:<platform id>`; `error`: why the frame was rejected. */
  record(terminal: string, direction: 'up' | 'down', frame: Buffer | string, error?: string): void {
    const { enabled, limit, protocol } = this.options;
    if (!enabled) return;
    if (this.queue.length >= limit) {
      this.options.onDropped?.(1);
      return;
    }
    const hex = typeof frame === 'string' ? frame : frame.toString('hex');
    const entry: RawFrame = { terminalPhone: terminal, direction, hex, at: Date.now() };
    if (protocol && protocol !== 'jt808') entry.protocol = protocol;
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
    const { bus, gatewayId } = this.options;
    this.inFlight = bus
      .publish(Topics.rawFrames, { key: gatewayId, value: { gatewayId, frames: batch } })
      .catch((error: Error) => {
        this.options.onDropped?.(batch.length);
        this.options.logger.warn(`raw frame capture: ${batch.length} frames dropped: ${error.message}`);
      })
      .finally(() => {
        this.inFlight = undefined;
        if (this.queue.length) this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
      });
  }
}
