import { getCodec } from '@openfleet/jt808';
import { Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

// Metrics live in prom-client's default registry (served at /metrics); reuse them when the
// module is instantiated twice in one process (tests, several gateways in one standalone).
function metric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** Instances whose frame counts are still to be added to gateway808_frames_total at scrape. */
const counting = new Set<GatewayMetrics>();

export class GatewayMetrics {
  readonly connections = metric(
    'gateway808_connections',
    () => new Gauge({ name: 'gateway808_connections', help: 'Open TCP connections of terminals' }),
  );
  readonly sessions = metric(
    'gateway808_sessions',
    () => new Gauge({ name: 'gateway808_sessions', help: 'Authenticated terminal sessions' }),
  );
  readonly offlineReporter = metric(
    'gateway808_offline_reporter',
    () => new Gauge({ name: 'gateway808_offline_reporter', help: '1 while this instance is the elected "device offline" reporter' }),
  );
  readonly frames = metric(
    'gateway808_frames_total',
    () =>
      new Counter({
        name: 'gateway808_frames_total',
        help: 'Frames received (up) and sent (down) by message id',
        labelNames: ['direction', 'msg_id'],
        collect() {
          counting.forEach((metrics) => metrics.reportFrames());
        },
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
  /** Frames by direction and id since start, and what the counter has been given of them. */
  private readonly frameCounts = { up: new Map<number, FrameCount>(), down: new Map<number, FrameCount>() };

  constructor() {
    counting.add(this);
  }

  /** Counts one frame: a plain number (this runs twice per acked frame), added to the counter at scrape. */
  countFrame(direction: 'up' | 'down', msgId: number): void {
    const counts = this.frameCounts[direction];
    const count = counts.get(msgId);
    if (count) count.n++;
    else counts.set(msgId, { n: 1, reported: 0 });
  }

  /** Adds the frames counted since the last scrape to gateway808_frames_total. */
  reportFrames(): void {
    for (const direction of ['up', 'down'] as const)
      for (const [msgId, count] of this.frameCounts[direction]) {
        if (count.n === count.reported) continue;
        this.frames.inc({ direction, msg_id: this.msgIdLabel(msgId) }, count.n - count.reported);
        count.reported = count.n;
      }
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

interface FrameCount {
  n: number;
  reported: number;
}
