/** Metres east and north of a reference point: an equirectangular projection, exact enough between stops a few km apart. */
const RAD = Math.PI / 180;
const EARTH_RADIUS_M = 6_371_008.8;

export interface PointLike {
  longitude: number;
  latitude: number;
}

function project(origin: PointLike, point: PointLike): [number, number] {
  const kx = Math.cos(origin.latitude * RAD) * RAD * EARTH_RADIUS_M;
  return [(point.longitude - origin.longitude) * kx, (point.latitude - origin.latitude) * RAD * EARTH_RADIUS_M];
}

export function metresBetween(a: PointLike, b: PointLike): number {
  const [x, y] = project(a, b);
  return Math.hypot(x, y);
}

/**
 * Where the move from `from` to `to` came closest to `target`: the distance then and the share of
 * the move (0..1) at which it did. A bus reporting every 30 s covers 100-300 m between two
 * positions, more than a stop's radius: passing a stop is seen on the segment, not at a point.
 */
export function closestApproach(from: PointLike, to: PointLike, target: PointLike): { distanceM: number; t: number } {
  const [ax, ay] = project(target, from);
  const [bx, by] = project(target, to);
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSq));
  return { distanceM: Math.hypot(ax + t * dx, ay + t * dy), t };
}

/** The share (0..1) of the way from stop `a` to stop `b` a point has covered, projected on the straight line between them. */
export function fractionBetween(a: PointLike, b: PointLike, point: PointLike): number {
  const [bx, by] = project(a, b);
  const [px, py] = project(a, point);
  const lengthSq = bx * bx + by * by;
  return lengthSq === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / lengthSq));
}
