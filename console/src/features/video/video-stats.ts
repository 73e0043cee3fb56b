/** Per-stream figures a tile keeps for tests and benchmarks (`window.__videoStats[streamKey]`); times are epoch ms. */
export interface VideoStats {
  openedAt: number;
  /** When the first decoded frame was shown (requestVideoFrameCallback, else loadeddata); 0 until then. */
  firstFrameAt: number;
  bytes: number;
  fragments: number;
  /** Decoder-dropped frames (getVideoPlaybackQuality). */
  dropped: number;
  /** Jumps to the live edge once playing (not the placing of the playhead before the first frame). */
  seeks: number;
  /** SourceBuffer resets (a new init segment). */
  resets: number;
  /** The server's wall clock at media time 0 (the `origin` message); 0 until it comes. */
  originMs: number;
  /** The terminal's timestamp at media time 0 (the `origin` message's captureOriginMs); 0 when not sent. */
  captureOriginMs: number;
  /**
   * Displayed latency (ms), the median of the last 25 presented frames: capture (captureOriginMs, else
   * the server's originMs) + mediaTime to requestVideoFrameCallback's display time; 0 before any.
   */
  latencyMs: number;
  /** Every presented frame's displayed latency (ms, bounded), for the benchmark. */
  latencies: number[];
  /** Frames presented (requestVideoFrameCallback). */
  presented: number;
  /** Frames the decoder got (getVideoPlaybackQuality). */
  totalFrames: number;
  /** The buffered lead ahead of the playhead (ms) at the last tick: what the nudging works on. */
  leadMs: number;
  /** The current playback rate (live-edge nudging). */
  rate: number;
  mime: string;
  width: number;
  height: number;
}

declare global {
  interface Window {
    __videoStats?: Record<string, VideoStats>;
  }
}

/** Starts (or restarts) the stats of a stream. */
export function openStats(streamKey: string, now = Date.now()): VideoStats {
  const stats: VideoStats = { openedAt: now, firstFrameAt: 0, bytes: 0, fragments: 0, dropped: 0, seeks: 0, resets: 0, originMs: 0, captureOriginMs: 0, latencyMs: 0, latencies: [], presented: 0, totalFrames: 0, leadMs: 0, rate: 1, mime: '', width: 0, height: 0 };
  window.__videoStats ??= {};
  window.__videoStats[streamKey] = stats;
  return stats;
}
