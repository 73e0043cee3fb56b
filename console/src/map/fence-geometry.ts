import type { FenceGeometry, LngLatPair } from '@openfleet/contracts/fence';
import { distanceMeters } from '@openfleet/geo';
import { viewToWgs, wgsToView } from './coordinate-boundary';

/** A fence drawn on the map, in view coordinates, before it becomes WGS-84. */
export type DrawnShape =
  | { kind: 'circle'; center: [number, number]; edge: [number, number] }
  | { kind: 'rectangle'; corners: [number, number][] }
  | { kind: 'polygon'; ring: [number, number][] }
  | { kind: 'route'; line: [number, number][] }
  | { kind: 'point'; at: [number, number] };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const toWgs = (mapType: number) => ([x, y]: [number, number]): LngLatPair => {
  const [lng, lat] = viewToWgs(x, y, mapType);
  return [round6(lng), round6(lat)];
};

/**
 * A drawn shape as stored geometry: WGS-84 through the map boundary (GCJ-02 / BD-09 shift undone),
 * circles by their centre and the ground distance to the drawn edge. Routes get a 50 m corridor per
 * segment until the operator sets them.
 */
export function drawnToGeometry(shape: DrawnShape, mapType: number, defaults: { pointRadiusM?: number; widthM?: number } = {}): FenceGeometry {
  const wgs = toWgs(mapType);
  switch (shape.kind) {
    case 'circle': {
      const center = wgs(shape.center);
      const edge = wgs(shape.edge);
      return { type: 'circle', center, radiusM: Math.max(1, Math.round(distanceMeters(center[0], center[1], edge[0], edge[1]))) };
    }
    case 'rectangle': {
      const points = shape.corners.map(wgs);
      const lngs = points.map((p) => p[0]);
      const lats = points.map((p) => p[1]);
      return { type: 'rectangle', northWest: [Math.min(...lngs), Math.max(...lats)], southEast: [Math.max(...lngs), Math.min(...lats)] };
    }
    case 'polygon': {
      const ring = shape.ring.map(wgs);
      const closed = ring.length > 3 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
      return { type: 'polygon', points: closed ? ring.slice(0, -1) : ring };
    }
    case 'route': {
      const points = shape.line.map(wgs);
      return { type: 'route', points, segments: points.slice(1).map(() => ({ widthM: defaults.widthM ?? 50, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 })) };
    }
    case 'point':
      return { type: 'point', point: wgs(shape.at), radiusM: defaults.pointRadiusM ?? 100 };
  }
}

/** Stored geometry in view coordinates: rings and lines to draw, and circles by centre and view radius. */
export function geometryToView(g: FenceGeometry, mapType: number): { ring?: [number, number][]; line?: [number, number][]; circle?: { center: [number, number]; radius: number } } {
  const view = ([lng, lat]: LngLatPair) => wgsToView(lng, lat, mapType);
  switch (g.type) {
    case 'circle':
    case 'point': {
      const center = g.type === 'circle' ? g.center : g.point;
      const c = view(center);
      // The radius in view units at this latitude: the distance to a point radiusM north of the centre.
      const north = view([center[0], center[1] + g.radiusM / 111_195]);
      return { circle: { center: c, radius: Math.hypot(north[0] - c[0], north[1] - c[1]) } };
    }
    case 'rectangle':
      return { ring: [view(g.northWest), view([g.southEast[0], g.northWest[1]]), view(g.southEast), view([g.northWest[0], g.southEast[1]]), view(g.northWest)] };
    case 'polygon':
      return { ring: [...g.points.map(view), view(g.points[0])] };
    case 'route':
      return { line: g.points.map(view) };
  }
}
