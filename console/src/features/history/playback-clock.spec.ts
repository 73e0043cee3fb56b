import { advance, initialPlayback, pause, play, pointIndexAt, positionAt, scrubberValue, seek, stop, timeOfScrubber, withSpeed } from './playback-clock';

const times = [100, 110, 130, 200];
const points = times.map((time, index) => ({ time, lng: 116 + index * 0.01, lat: 39, direction: index * 90 }));

describe('playback clock', () => {
  it('moves by time × speed, not per point', () => {
    let state = play(withSpeed(initialPlayback(times), 8));
    state = advance(state, 1000);
    expect(state.at).toBe(108);
    state = advance(withSpeed(state, 64), 500);
    expect(state.at).toBe(140);
    expect(pointIndexAt(times, state.at)).toBe(2);
  });

  it('does not move while paused, pauses at the end, and stop rewinds', () => {
    let state = pause(play(initialPlayback(times)));
    expect(advance(state, 5000).at).toBe(100);
    state = advance(play(withSpeed(state, 64)), 10_000);
    expect(state).toMatchObject({ at: 200, playing: false });
    expect(play(state)).toMatchObject({ at: 100, playing: true });
    expect(stop(state)).toMatchObject({ at: 100, playing: false });
  });

  it('seeks within the track only and maps the scrubber both ways', () => {
    const state = initialPlayback(times);
    expect(seek(state, 50).at).toBe(100);
    expect(seek(state, 999).at).toBe(200);
    expect(scrubberValue(seek(state, 150))).toBe(500);
    expect(timeOfScrubber(state, 250)).toBe(125);
  });

  it('finds the last point at or before a time', () => {
    expect(pointIndexAt(times, 99)).toBe(-1);
    expect(pointIndexAt(times, 100)).toBe(0);
    expect(pointIndexAt(times, 129.9)).toBe(1);
    expect(pointIndexAt(times, 500)).toBe(3);
    expect(pointIndexAt([], 5)).toBe(-1);
  });

  it('interpolates the icon between points with the heading of the segment', () => {
    const at = positionAt(points, times, 120);
    expect(at!.lng).toBeCloseTo(116.015, 6);
    expect(at!.direction).toBe(90);
    expect(positionAt(points, times, 300)).toMatchObject({ lng: 116.03, direction: 270 });
    expect(positionAt([], [], 1)).toBeNull();
  });

  it('does not play an empty or single-instant track', () => {
    expect(play(initialPlayback([])).playing).toBe(false);
    expect(play(initialPlayback([5])).playing).toBe(false);
  });
});
