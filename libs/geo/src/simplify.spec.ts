import type { LngLat } from './lng-lat';
import { simplifyPath } from './simplify';

describe('simplifyPath', () => {
  // Straight eastward line with tiny (~1 m) wobble and one 220 m detour at index 5.
  const track: LngLat[] = Array.from({ length: 11 }, (_, i) => [
    116.4 + i * 0.001,
    39.9 + (i === 5 ? 0.002 : i % 2 ? 0.00001 : 0),
  ]);

  it('keeps ends and points beyond the tolerance', () => {
    expect(simplifyPath(track, 10)).toEqual([0, 4, 5, 6, 10]);
  });

  it('keeps every point with a zero tolerance when all deviate', () => {
    expect(simplifyPath(track, 0).length).toBeGreaterThan(5);
  });

  it('drops everything between the ends with a large tolerance', () => {
    expect(simplifyPath(track, 1000)).toEqual([0, 10]);
  });

  it('always keeps the stop indices passed in, and ignores invalid ones', () => {
    expect(simplifyPath(track, 1000, [2, 8, -1, 99, 1.5])).toEqual([0, 2, 8, 10]);
    expect(simplifyPath(track, 10, new Set([2]))).toEqual([0, 2, 4, 5, 6, 10]);
  });

  it('handles tiny inputs', () => {
    expect(simplifyPath([], 10)).toEqual([]);
    expect(simplifyPath([[1, 1]], 10)).toEqual([0]);
    expect(
      simplifyPath(
        [
          [1, 1],
          [2, 2],
        ],
        10,
      ),
    ).toEqual([0, 1]);
  });

  it('copes with long tracks without recursion', () => {
    const long: LngLat[] = Array.from({ length: 50_000 }, (_, i) => [
      116 + i * 1e-4,
      39 + Math.sin(i / 50) * 1e-3,
    ]);
    const kept = simplifyPath(long, 5);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(49_999);
    expect(kept.length).toBeLessThan(long.length);
  });
});
