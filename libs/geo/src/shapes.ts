import { distanceMeters, distanceToSegmentMeters } from './distance';
import type { LngLat } from './lng-lat';

// Everything here runs per position per fence, so no function allocates.
// Points exactly on a boundary count as inside for every shape.

/** Within `radiusM` metres of the centre (boundary inclusive). */
export function isInCircle(
  lng: number,
  lat: number,
  centerLng: number,
  centerLat: number,
  radiusM: number,
): boolean {
  return distanceMeters(lng, lat, centerLng, centerLat) <= radiusM;
}

/** Inside the lng/lat rectangle spanned by two opposite corners given in any order. */
export function isInRectangle(lng: number, lat: number, corner1: LngLat, corner2: LngLat): boolean {
  const minLng = corner1[0] < corner2[0] ? corner1[0] : corner2[0];
  const maxLng = corner1[0] < corner2[0] ? corner2[0] : corner1[0];
  const minLat = corner1[1] < corner2[1] ? corner1[1] : corner2[1];
  const maxLat = corner1[1] < corner2[1] ? corner2[1] : corner1[1];
  return lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat;
}

// About 1 cm at the equator: below GPS precision, above floating-point noise.
const EDGE_EPSILON_DEG = 1e-7;
const { abs, hypot, max, min } = Math;

function isOnSegment(
  lng: number,
  lat: number,
  aLng: number,
  aLat: number,
  bLng: number,
  bLat: number,
): boolean {
  if (lng < min(aLng, bLng) - EDGE_EPSILON_DEG || lng > max(aLng, bLng) + EDGE_EPSILON_DEG) return false;
  if (lat < min(aLat, bLat) - EDGE_EPSILON_DEG || lat > max(aLat, bLat) + EDGE_EPSILON_DEG) return false;
  const cross = (bLng - aLng) * (lat - aLat) - (bLat - aLat) * (lng - aLng);
  const length = hypot(bLng - aLng, bLat - aLat);
  return abs(cross) <= EDGE_EPSILON_DEG * (length || 1);
}

/**
 * Inside a simple polygon (ray casting, concave allowed). The ring may be open or closed.
 * Positions on an edge or vertex (within ~1 cm) are inside. Works in the lng/lat plane,
 * which is what terminals do too for 0x8604 polygons.
 */
export function isInPolygon(lng: number, lat: number, ring: readonly LngLat[]): boolean {
  const n = ring.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (isOnSegment(lng, lat, xj, yj, xi, yi)) return true;
    // Half-open rule (yi > lat) !== (yj > lat) counts each vertex crossing once.
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Shortest distance in metres from a position to a polyline (a single point is allowed). */
export function distanceToPolylineMeters(lng: number, lat: number, line: readonly LngLat[]): number {
  if (line.length === 0) return Infinity;
  if (line.length === 1) return distanceMeters(lng, lat, line[0][0], line[0][1]);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const d = distanceToSegmentMeters(lng, lat, a[0], a[1], b[0], b[1]);
    if (d < best) best = d;
  }
  return best;
}

/**
 * On a route corridor: within half of `corridorWidthM` of the polyline, i.e. the corridor
 * is `corridorWidthM` wide in total, centred on the line (boundary inclusive).
 */
export function isOnRoute(
  lng: number,
  lat: number,
  line: readonly LngLat[],
  corridorWidthM: number,
): boolean {
  return distanceToPolylineMeters(lng, lat, line) <= corridorWidthM / 2;
}
