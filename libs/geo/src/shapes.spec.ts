import type { LngLat } from './lng-lat';
import { distanceToPolylineMeters, isInCircle, isInPolygon, isInRectangle, isOnRoute } from './shapes';

describe('isInCircle', () => {
  it('uses metres from the centre, boundary inclusive', () => {
    // 0.001 deg of latitude is about 111.2 m.
    expect(isInCircle(116.4, 39.901, 116.4, 39.9, 120)).toBe(true);
    expect(isInCircle(116.4, 39.901, 116.4, 39.9, 100)).toBe(false);
    expect(isInCircle(116.4, 39.9, 116.4, 39.9, 0)).toBe(true);
  });
});

describe('isInRectangle', () => {
  it('accepts corners in any order and includes the border', () => {
    const sw: LngLat = [116.3, 39.8];
    const ne: LngLat = [116.5, 40.0];
    expect(isInRectangle(116.4, 39.9, sw, ne)).toBe(true);
    expect(isInRectangle(116.4, 39.9, ne, sw)).toBe(true);
    expect(isInRectangle(116.4, 39.9, [116.3, 40.0], [116.5, 39.8])).toBe(true);
    expect(isInRectangle(116.3, 39.9, sw, ne)).toBe(true);
    expect(isInRectangle(116.6, 39.9, sw, ne)).toBe(false);
  });
});

describe('isInPolygon', () => {
  // A "U": the notch between x 1..2 above y 1 is outside.
  const u: LngLat[] = [
    [0, 0],
    [3, 0],
    [3, 3],
    [2, 3],
    [2, 1],
    [1, 1],
    [1, 3],
    [0, 3],
  ];

  it('handles concave shapes', () => {
    expect(isInPolygon(0.5, 2, u)).toBe(true);
    expect(isInPolygon(2.5, 2, u)).toBe(true);
    expect(isInPolygon(1.5, 0.5, u)).toBe(true);
    expect(isInPolygon(1.5, 2, u)).toBe(false);
    expect(isInPolygon(4, 1, u)).toBe(false);
  });

  it('counts rays through vertices once', () => {
    // The horizontal ray at y=1 and y=3 passes exactly through vertices.
    expect(isInPolygon(0.5, 1, u)).toBe(true);
    expect(isInPolygon(-1, 1, u)).toBe(false);
    const diamond: LngLat[] = [
      [1, 0],
      [2, 1],
      [1, 2],
      [0, 1],
    ];
    expect(isInPolygon(1, 1, diamond)).toBe(true);
    expect(isInPolygon(-0.5, 1, diamond)).toBe(false);
    expect(isInPolygon(2.5, 1, diamond)).toBe(false);
  });

  it('treats edges and vertices as inside', () => {
    expect(isInPolygon(1.5, 0, u)).toBe(true);
    expect(isInPolygon(3, 1.5, u)).toBe(true);
    expect(isInPolygon(1.5, 1, u)).toBe(true);
    expect(isInPolygon(2, 3, u)).toBe(true);
    expect(isInPolygon(1, 2, u)).toBe(true);
  });

  it('accepts closed rings and rejects degenerate ones', () => {
    expect(isInPolygon(0.5, 2, [...u, u[0]])).toBe(true);
    expect(
      isInPolygon(0, 0, [
        [0, 0],
        [1, 1],
      ]),
    ).toBe(false);
  });

  it('works on real coordinates around Tiananmen Square', () => {
    const square: LngLat[] = [
      [116.3895, 39.9065],
      [116.3935, 39.9065],
      [116.3935, 39.8995],
      [116.3895, 39.8995],
    ];
    expect(isInPolygon(116.3915, 39.903, square)).toBe(true);
    expect(isInPolygon(116.3975, 39.903, square)).toBe(false);
  });
});

describe('route corridor', () => {
  // An L-shaped route: east along lat 39.9, then north along lng 116.41.
  const route: LngLat[] = [
    [116.4, 39.9],
    [116.41, 39.9],
    [116.41, 39.91],
  ];

  it('measures distance to the nearest segment', () => {
    expect(distanceToPolylineMeters(116.405, 39.9, route)).toBeCloseTo(0, 6);
    expect(distanceToPolylineMeters(116.405, 39.9005, route)).toBeCloseTo(55.6, 0);
    expect(distanceToPolylineMeters(1, 1, [])).toBe(Infinity);
    expect(distanceToPolylineMeters(116.4, 39.9005, [[116.4, 39.9]])).toBeCloseTo(55.6, 0);
  });

  it('is on the route within half of the corridor width', () => {
    expect(isOnRoute(116.405, 39.9004, route, 100)).toBe(true); // ~44 m off
    expect(isOnRoute(116.405, 39.9005, route, 100)).toBe(false); // ~56 m off
    expect(isOnRoute(116.4104, 39.905, route, 100)).toBe(true); // ~34 m east of the north leg
  });

  it('does not extend the corridor past the route ends', () => {
    expect(isOnRoute(116.3985, 39.9, route, 200)).toBe(false); // ~128 m before the start
    expect(isOnRoute(116.3995, 39.9, route, 200)).toBe(true); // ~43 m before the start
  });
});
