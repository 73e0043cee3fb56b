import { Counter, Gauge, register, type Metric } from 'prom-client';

// In prom-client's default registry (served at /metrics), shared by every listener and labelled by
// protocol; reused when a module is instantiated twice in one process (tests, standalone).
function metric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const links = () => metric('link_open', () => new Gauge({ name: 'link_open', help: 'Vehicle links open, by protocol and state (identified, unidentified)', labelNames: ['protocol', 'state'] }));
const paused = () => metric('link_paused', () => new Gauge({ name: 'link_paused', help: 'Vehicle links not read because their publishes are behind', labelNames: ['protocol'] }));
type Counted = 'frames' | 'badFrames' | 'bytesIn';
/** Listeners whose per-frame counts are still to be reported. */
const live = new Set<LinkMetrics>();
// Frames and bytes count on every chunk: plain numbers there, added to the counters at scrape
// (a labelled prom-client inc hashes its labels on every call).
const atScrape = (name: string, help: string, key: Counted) =>
  metric(name, () => new Counter({ name, help, labelNames: ['protocol'], collect() { live.forEach((listener) => listener.report(this, key)); } }));
atScrape('link_frames_total', 'Frames decoded, by protocol', 'frames');
atScrape('link_bad_frames_total', 'Frames that did not decode, by protocol', 'badFrames');
atScrape('link_bytes_in_total', 'Bytes received from vehicles, by protocol', 'bytesIn');
const closes = () => metric('link_closes_total', () => new Counter({ name: 'link_closes_total', help: 'Links ended, by protocol and reason', labelNames: ['protocol', 'reason'] }));
const logsSuppressed = () => metric('link_bad_frame_logs_suppressed_total', () => new Counter({ name: 'link_bad_frame_logs_suppressed_total', help: 'Bad-frame warnings not written (rate limit per source address)', labelNames: ['protocol'] }));

/** The metrics of one listener: labelled children cached, as frames and bytes count on every chunk. */
export class LinkMetrics {
  readonly identified;
  readonly unidentified;
  readonly paused;
  readonly logsSuppressed;
  private readonly closeCounters = new Map<string, { inc(): void }>();
  /** Frames, bad frames and bytes of this listener since start (counted on the hot path, reported at scrape). */
  readonly counted: Record<Counted, number> = { frames: 0, badFrames: 0, bytesIn: 0 };
  private readonly reported: Record<Counted, number> = { frames: 0, badFrames: 0, bytesIn: 0 };
  /** Ends by reason since this listener started (tests, the contract suite). */
  readonly closes = new Map<string, number>();

  constructor(private readonly protocol: string) {
    this.identified = links().labels(protocol, 'identified');
    this.unidentified = links().labels(protocol, 'unidentified');
    this.paused = paused().labels(protocol);
    this.logsSuppressed = logsSuppressed().labels(protocol);
    live.add(this);
  }

  /** Adds what was counted since the last scrape to `counter`. */
  report(counter: Counter, key: Counted): void {
    const delta = this.counted[key] - this.reported[key];
    if (delta <= 0) return;
    this.reported[key] = this.counted[key];
    counter.inc({ protocol: this.protocol }, delta);
  }

  /** The listener stopped: its counts stay in the counters, it is no longer asked. */
  dispose(): void {
    live.delete(this);
  }

  closed(reason: string): void {
    let counter = this.closeCounters.get(reason);
    if (!counter) this.closeCounters.set(reason, (counter = closes().labels(this.protocol, reason)));
    counter.inc();
    this.closes.set(reason, (this.closes.get(reason) ?? 0) + 1);
  }
}
