import { distanceToSegmentMeters } from './distance';
import type { LngLat } from './lng-lat';

/**
 * Douglas–Peucker simplification for history "key points". Returns the ascending indices
 * of the points to keep: the first, the last, every index in `keep` (e.g. stops) and every
 * point farther than `toleranceM` metres from the simplified line. Kept indices split the
 * path, so a stop is never smoothed away.
 */
export function simplifyPath(
  points: readonly LngLat[],
  toleranceM: number,
  keep: Iterable<number> = [],
): number[] {
  const n = points.length;
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const kept = new Uint8Array(n);
  kept[0] = 1;
  kept[n - 1] = 1;
  for (const index of keep) if (Number.isInteger(index) && index >= 0 && index < n) kept[index] = 1;

  // Explicit stack: tracks have tens of thousands of points, recursion could overflow.
  const stack: number[] = [];
  let start = 0;
  for (let end = 1; end < n; end++) {
    if (!kept[end]) continue;
    stack.push(start, end);
    start = end;
  }
  while (stack.length > 0) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const [aLng, aLat] = points[first];
    const [bLng, bLat] = points[last];
    let farthest = -1;
    let farthestDistance = toleranceM;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegmentMeters(points[i][0], points[i][1], aLng, aLat, bLng, bLat);
      if (d > farthestDistance) {
        farthest = i;
        farthestDistance = d;
      }
    }
    if (farthest < 0) continue;
    kept[farthest] = 1;
    stack.push(first, farthest, farthest, last);
  }

  const result: number[] = [];
  for (let i = 0; i < n; i++) if (kept[i]) result.push(i);
  return result;
}
