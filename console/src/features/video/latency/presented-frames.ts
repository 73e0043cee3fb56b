import { displayedLatencyMs, displayTimeEpochMs, LatencyWindow } from './frame-latency';
import type { VideoStats } from '../video-stats';

/** Samples kept per tile for the benchmark (about two minutes at 25 fps). */
const MAX_SAMPLES = 3000;

/**
 * Follows every frame the <video> presents (requestVideoFrameCallback) and records its displayed
 * latency in the tile's stats: `latencyMs` (median of the last 25 frames, the overlay's figure) and
 * `latencies` (every sample, bounded, for the benchmark). Uses the terminal's capture clock when the
 * server sent it, else the server's arrival clock (`originMs`: ingest to display). Answers a stop.
 */
export function watchPresentedFrames(video: HTMLVideoElement, stats: VideoStats): () => void {
  if (typeof video.requestVideoFrameCallback !== 'function') return () => undefined;
  const recent = new LatencyWindow();
  let handle = 0;
  let stopped = false;
  const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
    if (stopped) return;
    const origin = stats.captureOriginMs || stats.originMs;
    if (origin) {
      const latency = displayedLatencyMs(origin, metadata.mediaTime, displayTimeEpochMs(metadata.expectedDisplayTime, performance.timeOrigin));
      recent.add(latency);
      stats.latencyMs = recent.median();
      if (stats.latencies.length < MAX_SAMPLES) stats.latencies.push(Math.round(latency));
    }
    stats.presented += 1;
    handle = video.requestVideoFrameCallback(onFrame);
  };
  handle = video.requestVideoFrameCallback(onFrame);
  return () => {
    stopped = true;
    video.cancelVideoFrameCallback?.(handle);
  };
}
