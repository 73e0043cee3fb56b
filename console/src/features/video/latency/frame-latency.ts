/**
 * The displayed latency of a live tile: from the moment the camera captured a frame to the moment
 * Chromium presents it. The terminal stamps every JT/T 1078 packet with its clock; the remuxer writes
 * decode times relative to the stream's first timestamp, and the server's `origin` message gives that
 * first timestamp (`captureOriginMs`). A presented frame's capture time is therefore
 * captureOriginMs + mediaTime (requestVideoFrameCallback's metadata), and its display time is
 * performance.timeOrigin + expectedDisplayTime. Both clocks are the same only when the terminal's is
 * synchronised (the simulator on the same machine; a terminal with GNSS time is within tens of ms).
 */

/** ms from capture to display of one presented frame. */
export function displayedLatencyMs(captureOriginMs: number, mediaTimeS: number, displayedAtMs: number): number {
  return displayedAtMs - (captureOriginMs + mediaTimeS * 1000);
}

/** requestVideoFrameCallback's expectedDisplayTime (performance clock) on the epoch clock. */
export function displayTimeEpochMs(expectedDisplayTime: number, timeOrigin: number): number {
  return timeOrigin + expectedDisplayTime;
}

/** The value at quantile q (0..1) of ascending values, nearest rank; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/**
 * The latest samples of a tile (a ring): what the overlay shows is the median of the last second,
 * steadier than a single frame; the benchmark reads every sample through `all`.
 */
export class LatencyWindow {
  private readonly samples: number[] = [];
  private next = 0;

  constructor(private readonly size = 25) {}

  add(ms: number): void {
    if (!Number.isFinite(ms)) return;
    if (this.samples.length < this.size) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.size;
  }

  get count(): number {
    return this.samples.length;
  }

  /** The median of the window (ms), 0 while empty. */
  median(): number {
    return quantile([...this.samples].sort((a, b) => a - b), 0.5);
  }
}

/** The share of frames the decoder dropped (getVideoPlaybackQuality), 0 before any. */
export function droppedShare(dropped: number, total: number): number {
  return total > 0 ? dropped / total : 0;
}

/** "0.31" for the overlay: seconds with two decimals, never negative (clocks a few ms apart). */
export function latencySeconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(2);
}
