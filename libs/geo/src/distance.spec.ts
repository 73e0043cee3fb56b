import { distanceMeters, distanceToSegmentMeters, pathLength } from './distance';

describe('distance', () => {
  it('measures Beijing to Shanghai as about 1067 km', () => {
    const d = distanceMeters(116.4074, 39.9042, 121.4737, 31.2304);
    expect(d / 1000).toBeCloseTo(1067, 0);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceMeters(116, 39, 116, 40)).toBeCloseTo(111_195, -1);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distanceMeters(116.4, 39.9, 116.4, 39.9)).toBe(0);
    expect(distanceMeters(1, 2, 3, 4)).toBe(distanceMeters(3, 4, 1, 2));
  });

  it('sums a path and handles short paths', () => {
    const path: [number, number][] = [
      [116, 39],
      [116, 40],
      [116, 41],
    ];
    expect(pathLength(path)).toBeCloseTo(2 * distanceMeters(116, 39, 116, 40), 6);
    expect(pathLength([])).toBe(0);
    expect(pathLength([[116, 39]])).toBe(0);
  });

  it('measures point-to-segment distance perpendicular and past the ends', () => {
    // 0.001 deg of latitude is about 111 m.
    expect(distanceToSegmentMeters(116.4005, 39.901, 116.4, 39.9, 116.401, 39.9)).toBeCloseTo(111.2, 0);
    const pastEnd = distanceToSegmentMeters(116.403, 39.9, 116.4, 39.9, 116.401, 39.9);
    expect(pastEnd).toBeCloseTo(distanceMeters(116.403, 39.9, 116.401, 39.9), -1);
    expect(distanceToSegmentMeters(116.4, 39.9, 116.4, 39.9, 116.4, 39.9)).toBe(0);
  });
});
