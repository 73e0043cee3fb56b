import { getCodec } from '@openfleet/jt808';
import { Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

// Metrics live in prom-client's default registry (served at /metrics); reuse them when the
// module is instantiated twice in one process (tests, several gateways in one standalone).
function metric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export class GatewayMetrics {
  readonly connections = metric(
    'gateway808_connections',
    () => new Gauge({ name: 'gateway808_connections', help: 'Open TCP connections of terminals' }),
  );
  readonly sessions = metric(
    'gateway808_sessions',
    () => new Gauge({ name: 'gateway808_sessions', help: 'Authenticated terminal sessions' }),
  );
  readonly frames = metric(
    'gateway808_frames_total',
    () =>
      new Counter({
        name: 'gateway808_frames_total',
        help: 'Frames received (up) and sent (down) by message id',
        labelNames: ['direction', 'msg_id'],
      }),
  );
  readonly decodeErrors = metric(
    'gateway808_decode_errors_total',
    () =>
      new Counter({ name: 'gateway808_decode_errors_total', help: 'Malformed frames by error code', labelNames: ['code'] }),
  );
  readonly badFrameLogsSuppressed = metric(
    'gateway808_bad_frame_logs_suppressed_total',
    () => new Counter({ name: 'gateway808_bad_frame_logs_suppressed_total', help: 'Bad-frame warnings not written (rate limit per source address)' }),
  );
  readonly refusalLogsSuppressed = metric(
    'gateway808_refusal_logs_suppressed_total',
    () => new Counter({ name: 'gateway808_refusal_logs_suppressed_total', help: 'Refused registration/authentication warnings not written (rate limit per source address)' }),
  );
  readonly publishLatency = metric(
    'gateway808_publish_seconds',
    () =>
      new Histogram({
        name: 'gateway808_publish_seconds',
        help: 'Time for the bus to accept an uplink message (frame in -> ack out)',
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  );
  readonly publishFailures = metric(
    'gateway808_publish_failures_total',
    () => new Counter({ name: 'gateway808_publish_failures_total', help: 'Uplink publishes the bus rejected (frame not acked)' }),
  );
  readonly rawDropped = metric(
    'gateway808_raw_frames_dropped_total',
    () => new Counter({ name: 'gateway808_raw_frames_dropped_total', help: 'Raw frames not captured (queue full or bus down)' }),
  );
  readonly subpackagesAbandoned = metric(
    'gateway808_subpackages_abandoned_total',
    () => new Counter({ name: 'gateway808_subpackages_abandoned_total', help: 'Subpackaged messages dropped incomplete' }),
  );

  private readonly frameLabels = new Map<number, string>();
  private readonly frameCounters = new Map<string, { inc(): void }>();

  /** Counts one frame; the labelled child is cached because this runs for every frame. */
  countFrame(direction: 'up' | 'down', msgId: number): void {
    const key = `${direction}${msgId}`;
    let child = this.frameCounters.get(key);
    if (!child) {
      child = this.frames.labels(direction, this.msgIdLabel(msgId));
      this.frameCounters.set(key, child);
    }
    child.inc();
  }

  /** Label strings cached per id (this runs for every frame); unknown ids share one label to bound the series. */
  msgIdLabel(msgId: number): string {
    let label = this.frameLabels.get(msgId);
    if (label === undefined) {
      label = getCodec(msgId) ? '0x' + msgId.toString(16).padStart(4, '0').toUpperCase() : 'other';
      this.frameLabels.set(msgId, label);
    }
    return label;
  }
}
