/** Playback speeds offered (× real time). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;

/**
 * The playback position is a time, not a point index: at 8× one wall-clock second moves eight
 * seconds of track, however densely the terminal reported (Traccar steps 500 ms per point instead).
 */
export interface PlaybackState {
  readonly playing: boolean;
  readonly speed: number;
  /** Epoch seconds on the track. */
  readonly at: number;
  readonly start: number;
  readonly end: number;
}

export function initialPlayback(times: readonly number[], speed = 1): PlaybackState {
  const start = times[0] ?? 0;
  return { playing: false, speed, at: start, start, end: times[times.length - 1] ?? start };
}

/** Advances a playing clock by wall-clock milliseconds; reaching the end pauses there. */
export function advance(state: PlaybackState, elapsedMs: number): PlaybackState {
  if (!state.playing || elapsedMs <= 0) return state;
  const at = state.at + (elapsedMs / 1000) * state.speed;
  return at >= state.end ? { ...state, at: state.end, playing: false } : { ...state, at };
}

export function play(state: PlaybackState): PlaybackState {
  // Play at the end starts over.
  return { ...state, playing: state.end > state.start, at: state.at >= state.end ? state.start : state.at };
}

export const pause = (state: PlaybackState): PlaybackState => ({ ...state, playing: false });
export const stop = (state: PlaybackState): PlaybackState => ({ ...state, playing: false, at: state.start });
export const withSpeed = (state: PlaybackState, speed: number): PlaybackState => ({ ...state, speed });

export function seek(state: PlaybackState, at: number): PlaybackState {
  return { ...state, at: Math.min(state.end, Math.max(state.start, at)) };
}

/** Index of the last point at or before `at` (binary search over ascending times); -1 before the first. */
export function pointIndexAt(times: readonly number[], at: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (times[middle]! <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export interface PlaybackPoint {
  readonly time: number;
  readonly lng: number;
  readonly lat: number;
  readonly direction: number;
}

/** Where the icon is at `at`: between two points, proportionally to time; heading of the segment start. */
export function positionAt(points: readonly PlaybackPoint[], times: readonly number[], at: number): PlaybackPoint | null {
  if (!points.length) return null;
  const index = Math.max(0, pointIndexAt(times, at));
  const from = points[index]!;
  const to = points[index + 1];
  if (!to || to.time <= from.time || at <= from.time) return { ...from, time: Math.max(at, from.time) };
  const share = (at - from.time) / (to.time - from.time);
  return { time: at, lng: from.lng + (to.lng - from.lng) * share, lat: from.lat + (to.lat - from.lat) * share, direction: from.direction };
}

/** Scrubber position 0..1000 <-> time. */
export const SCRUBBER_STEPS = 1000;
export function scrubberValue(state: PlaybackState): number {
  const span = state.end - state.start;
  return span > 0 ? Math.round(((state.at - state.start) / span) * SCRUBBER_STEPS) : 0;
}
export function timeOfScrubber(state: PlaybackState, value: number): number {
  return state.start + ((state.end - state.start) * value) / SCRUBBER_STEPS;
}
