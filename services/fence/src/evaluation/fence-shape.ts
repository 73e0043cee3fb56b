import type { FenceGeometry, LngLatPair } from '@openfleet/contracts';
import { distanceToSegmentMeters, isInCircle, isInPolygon, isInRectangle } from '@openfleet/geo';

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const METERS_PER_DEGREE_LAT = 111_320;

/** Degrees of longitude/latitude that `meters` can span at `lat` (a box that surely holds them). */
function padDegrees(meters: number, lat: number): { dLng: number; dLat: number } {
  const dLat = meters / METERS_PER_DEGREE_LAT;
  const dLng = meters / (METERS_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { dLng: dLng * 1.01, dLat: dLat * 1.01 };
}

/** The box around a shape (routes widened by half their widest segment), for the spatial index. */
export function boundsOf(g: FenceGeometry): Bounds {
  if (g.type === 'circle' || g.type === 'point') {
    const center = g.type === 'circle' ? g.center : g.point;
    const { dLng, dLat } = padDegrees(g.radiusM, center[1]);
    return { minX: center[0] - dLng, minY: center[1] - dLat, maxX: center[0] + dLng, maxY: center[1] + dLat };
  }
  if (g.type === 'rectangle') return { minX: g.northWest[0], minY: g.southEast[1], maxX: g.southEast[0], maxY: g.northWest[1] };
  const points = g.points;
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  if (g.type === 'route') {
    const half = Math.max(...g.segments.map((s) => s.widthM)) / 2;
    const { dLng, dLat } = padDegrees(half, (box.minY + box.maxY) / 2);
    return { minX: box.minX - dLng, minY: box.minY - dLat, maxX: box.maxX + dLng, maxY: box.maxY + dLat };
  }
  return box;
}

/**
 * Whether a point is inside an area: on the edge counts as inside (a vehicle on the boundary has
 * not left). For a route, the segment whose corridor (width/2 each side) holds the point, else -1.
 */
export function contains(g: FenceGeometry, lng: number, lat: number): boolean {
  switch (g.type) {
    case 'circle':
      return isInCircle(lng, lat, g.center[0], g.center[1], g.radiusM);
    case 'point':
      return isInCircle(lng, lat, g.point[0], g.point[1], g.radiusM);
    case 'rectangle':
      return isInRectangle(lng, lat, g.northWest, g.southEast);
    case 'polygon':
      return isInPolygon(lng, lat, g.points);
    case 'route':
      return routeSegmentAt(g.points, g.segments.map((s) => s.widthM), lng, lat) >= 0;
  }
}

/** The corridor segment holding the point (the nearest when several do), or -1 when off the route. */
export function routeSegmentAt(points: readonly LngLatPair[], widths: readonly number[], lng: number, lat: number): number {
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < points.length - 1; i++) {
    const d = distanceToSegmentMeters(lng, lat, points[i][0], points[i][1], points[i + 1][0], points[i + 1][1]);
    if (d <= widths[i] / 2 && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

