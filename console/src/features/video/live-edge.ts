/** What keeps a live tile near the live edge. */
export type LiveEdgeAction = { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/**
 * The buffered lead a live tile aims for. Not less: Chromium's audio renderer starts with about
 * 200 ms of audio buffered and doubles that threshold at every underflow (up to 3 s), so a tile held
 * at 0.15 s stalled on the bench and came back with 0.9 s, then 1.7 s, of lead. 0.3 s stays clear of
 * it with one 40 ms audio frame and some jitter to spare.
 */
export const LIVE_TARGET_LEAD_S = 0.3;
/**
 * Rate added per second of lead beyond the target (0.2 s too much: 1.1x). The lead decays with a
 * time constant of 1/gain (2 s); at 0.2 a tile measured on the bench took over 10 s to shed 0.4 s.
 */
export const LIVE_RATE_GAIN = 0.5;
/** The fastest nudge: 10 % is heard as a slightly quicker voice (pitch kept), not as a jump. */
export const LIVE_MAX_RATE = 1.1;
/** Behind by more than this (a tab in the background, a long stall), nudging would take too long: it jumps. */
export const LIVE_SEEK_LAG_S = 3;
/** Seconds kept behind the playhead; older media is removed from the SourceBuffer. */
export const KEEP_BEHIND_S = 10;

/**
 * Keeps the playhead near the buffered end by playing slightly faster rather than jumping: the rate
 * is proportional to the lead beyond LIVE_TARGET_LEAD_S (1 + 0.5 per second, at most 1.1x, in steps
 * of 0.01 so that the element is not re-tuned on every tick), 1x at or under the target; a jump to
 * the target lead only past LIVE_SEEK_LAG_S. Rates below 1 are never used: a live tile that stalls
 * waits for media, it does not slow down.
 */
export function liveEdgeAction(currentTime: number, bufferedEnd: number): LiveEdgeAction {
  const lead = bufferedEnd - currentTime;
  if (lead > LIVE_SEEK_LAG_S) return { kind: 'seek', to: bufferedEnd - LIVE_TARGET_LEAD_S };
  const rate = Math.min(LIVE_MAX_RATE, 1 + Math.max(0, lead - LIVE_TARGET_LEAD_S) * LIVE_RATE_GAIN);
  return { kind: 'rate', rate: Math.round(rate * 100) / 100 };
}

/** Ahead of the playhead by more than this before the first frame, a live tile starts at the target lead. */
export const LIVE_START_LEAD_S = 0.5;

/**
 * Where a live tile starts: a viewer joins at the latest keyframe, up to a GOP (1-2 s) behind the
 * edge. Before the first frame is shown a jump costs nothing (nothing on screen stutters), so the
 * playhead starts at the target lead rather than nudging down from a second for several seconds;
 * null: start where it is.
 */
export function liveStartAt(playhead: number, bufferedEnd: number): number | null {
  return bufferedEnd - playhead > LIVE_START_LEAD_S ? bufferedEnd - LIVE_TARGET_LEAD_S : null;
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
