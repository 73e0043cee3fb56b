import { Counter, Gauge, register, type Metric } from 'prom-client';

// In prom-client's default registry (served at /metrics), shared by every listener and labelled by
// protocol; reused when a module is instantiated twice in one process (tests, standalone).
function metric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const links = () => metric('link_open', () => new Gauge({ name: 'link_open', help: 'Vehicle links open, by protocol and state (identified, unidentified)', labelNames: ['protocol', 'state'] }));
const paused = () => metric('link_paused', () => new Gauge({ name: 'link_paused', help: 'Vehicle links not read because their publishes are behind', labelNames: ['protocol'] }));
const frames = () => metric('link_frames_total', () => new Counter({ name: 'link_frames_total', help: 'Frames decoded, by protocol', labelNames: ['protocol'] }));
const badFrames = () => metric('link_bad_frames_total', () => new Counter({ name: 'link_bad_frames_total', help: 'Frames that did not decode, by protocol', labelNames: ['protocol'] }));
const bytesIn = () => metric('link_bytes_in_total', () => new Counter({ name: 'link_bytes_in_total', help: 'Bytes received from vehicles, by protocol', labelNames: ['protocol'] }));
const closes = () => metric('link_closes_total', () => new Counter({ name: 'link_closes_total', help: 'Links ended, by protocol and reason', labelNames: ['protocol', 'reason'] }));
const logsSuppressed = () => metric('link_bad_frame_logs_suppressed_total', () => new Counter({ name: 'link_bad_frame_logs_suppressed_total', help: 'Bad-frame warnings not written (rate limit per source address)', labelNames: ['protocol'] }));

/** The metrics of one listener: labelled children cached, as frames and bytes count on every chunk. */
export class LinkMetrics {
  readonly identified;
  readonly unidentified;
  readonly paused;
  readonly frames;
  readonly badFrames;
  readonly bytesIn;
  readonly logsSuppressed;
  private readonly closeCounters = new Map<string, { inc(): void }>();
  /** Frames and bad frames of this listener since start (tests, the contract suite). */
  readonly counted = { frames: 0, badFrames: 0 };
  /** Ends by reason since this listener started (tests, the contract suite). */
  readonly closes = new Map<string, number>();

  constructor(private readonly protocol: string) {
    this.identified = links().labels(protocol, 'identified');
    this.unidentified = links().labels(protocol, 'unidentified');
    this.paused = paused().labels(protocol);
    this.frames = frames().labels(protocol);
    this.badFrames = badFrames().labels(protocol);
    this.bytesIn = bytesIn().labels(protocol);
    this.logsSuppressed = logsSuppressed().labels(protocol);
  }

  closed(reason: string): void {
    let counter = this.closeCounters.get(reason);
    if (!counter) this.closeCounters.set(reason, (counter = closes().labels(this.protocol, reason)));
    counter.inc();
    this.closes.set(reason, (this.closes.get(reason) ?? 0) + 1);
  }
}
