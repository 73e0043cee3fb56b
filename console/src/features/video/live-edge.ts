/** What keeps a live tile near the live edge. */
export type LiveEdgeAction = { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/** Behind the edge by more than this, playback speeds up. */
export const LIVE_LAG_TOLERANCE_S = 0.5;
/** Behind by more than this, it jumps instead. */
export const LIVE_SEEK_LAG_S = 3;
/** Seconds kept behind the playhead; older media is removed from the SourceBuffer. */
export const KEEP_BEHIND_S = 10;

/**
 * Decides the playback rate (or a jump) from how far the playhead is behind the buffered end:
 * up to 0.5 s plays at 1x, then 1.1x / 1.25x / 1.5x as the lag grows, and a jump to 0.1 s before
 * the end past 3 s (a tab in the background, a stall).
 */
export function liveEdgeAction(currentTime: number, bufferedEnd: number): LiveEdgeAction {
  const lag = bufferedEnd - currentTime;
  if (lag > LIVE_SEEK_LAG_S) return { kind: 'seek', to: bufferedEnd - 0.1 };
  if (lag > 2) return { kind: 'rate', rate: 1.5 };
  if (lag > 1) return { kind: 'rate', rate: 1.25 };
  if (lag > LIVE_LAG_TOLERANCE_S) return { kind: 'rate', rate: 1.1 };
  return { kind: 'rate', rate: 1 };
}

/**
 * The range to remove behind the playhead so the buffer stays bounded: everything older than
 * `keep` seconds, once there are at least 5 s of it (fewer, larger removals); null otherwise.
 */
export function trimRange(bufferedStart: number, currentTime: number, keep = KEEP_BEHIND_S): [number, number] | null {
  const end = currentTime - keep;
  return end - bufferedStart >= 5 ? [bufferedStart, end] : null;
}

/** The range to free when the quota is full: anything behind the playhead but the last second. */
export function quotaTrimRange(bufferedStart: number, currentTime: number): [number, number] | null {
  const end = currentTime - 1;
  return end > bufferedStart ? [bufferedStart, end] : null;
}
