import type { LngLat } from './lng-lat';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;
// Bound once: global lookups are slow inside vm contexts (jest), and these run in hot loops.
const { asin, cos, max, min, sin, sqrt } = Math;

/** Great-circle (haversine) distance in metres between two WGS-84 positions. */
export function distanceMeters(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const sinDLat = sin(((lat2 - lat1) * RAD) / 2);
  const sinDLng = sin(((lng2 - lng1) * RAD) / 2);
  const h = sinDLat * sinDLat + cos(lat1 * RAD) * cos(lat2 * RAD) * sinDLng * sinDLng;
  return 2 * EARTH_RADIUS_M * asin(min(1, sqrt(h)));
}

/** Total length in metres of a path through the given positions. */
export function pathLength(points: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    total += distanceMeters(a[0], a[1], b[0], b[1]);
  }
  return total;
}

/**
 * Distance in metres from a position to the segment a-b. Uses a local equirectangular
 * projection around the position: exact enough (< 0.5 %) for segments up to tens of km.
 */
export function distanceToSegmentMeters(
  lng: number,
  lat: number,
  aLng: number,
  aLat: number,
  bLng: number,
  bLat: number,
): number {
  const kx = cos(lat * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  const ax = (aLng - lng) * kx;
  const ay = (aLat - lat) * ky;
  const dx = (bLng - aLng) * kx;
  const dy = (bLat - aLat) * ky;
  const lengthSq = dx * dx + dy * dy;
  // Projection of the origin (the position) onto the segment, clamped to its ends.
  const t = lengthSq === 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / lengthSq));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return sqrt(px * px + py * py);
}
