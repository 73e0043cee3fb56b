import { FenceType, type FenceGeometry, type FenceInput, type LngLatPair, type RouteSegment } from '@openfleet/contracts/fence';

/** Exported fences: RFC 7946 GeoJSON in WGS-84; circles and points as a Point with `radiusM`, routes as a LineString with their segments. */
interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: LngLatPair } | { type: 'Polygon'; coordinates: LngLatPair[][] } | { type: 'LineString'; coordinates: LngLatPair[] };
  properties: Record<string, unknown>;
}

export interface FenceLike extends Omit<FenceInput, 'geometry' | 'type'> {
  type: number;
  geometry: FenceGeometry;
}

function geometryOf(g: FenceGeometry): Feature['geometry'] {
  switch (g.type) {
    case 'circle':
      return { type: 'Point', coordinates: g.center };
    case 'point':
      return { type: 'Point', coordinates: g.point };
    case 'rectangle':
      return { type: 'Polygon', coordinates: [[g.northWest, [g.southEast[0], g.northWest[1]], g.southEast, [g.northWest[0], g.southEast[1]], g.northWest]] };
    case 'polygon':
      return { type: 'Polygon', coordinates: [[...g.points, g.points[0]]] };
    case 'route':
      return { type: 'LineString', coordinates: g.points };
  }
}

export function fencesToGeoJson(fences: readonly FenceLike[]): { type: 'FeatureCollection'; features: Feature[] } {
  return {
    type: 'FeatureCollection',
    features: fences.map((fence) => {
      const { geometry, ...rest } = fence;
      const extra = geometry.type === 'circle' || geometry.type === 'point' ? { radiusM: geometry.radiusM, shape: geometry.type } : geometry.type === 'rectangle' ? { shape: 'rectangle' } : geometry.type === 'route' ? { segments: geometry.segments } : {};
      return { type: 'Feature', geometry: geometryOf(geometry), properties: { ...rest, ...extra } };
    }),
  };
}

const pair = (value: unknown): LngLatPair | null => (Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number' ? [value[0], value[1]] : null);

/** Fences from a GeoJSON FeatureCollection (ours, or any with Polygon/LineString/Point features); what cannot be read is counted, not guessed. */
export function geoJsonToFences(json: unknown): { fences: FenceInput[]; skipped: number } {
  const features = (json as { features?: unknown[] })?.features;
  if (!Array.isArray(features)) return { fences: [], skipped: 0 };
  const fences: FenceInput[] = [];
  let skipped = 0;
  for (const raw of features) {
    const feature = raw as Partial<Feature> & { geometry?: { type?: string; coordinates?: unknown } };
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    const base = { name: String(props.name ?? `fence ${fences.length + 1}`).slice(0, 64), attributes: Number(props.attributes) || 8, ...(props.remark ? { remark: String(props.remark) } : {}) };
    const copy = ['startTime', 'endTime', 'maxSpeedKmh', 'overspeedDurationS', 'nightMaxSpeedKmh', 'maxStayS', 'rpmLimit', 'overRpmDurationS', 'muck'].reduce<Record<string, unknown>>((out, key) => (props[key] !== undefined && props[key] !== null ? { ...out, [key]: props[key] } : out), {});
    const g = feature.geometry;
    if (g?.type === 'Point' && pair(g.coordinates)) {
      const at = pair(g.coordinates)!;
      const radiusM = Number(props.radiusM) || 100;
      fences.push(props.shape === 'point' ? { ...base, ...copy, type: FenceType.POINT, geometry: { type: 'point', point: at, radiusM } } : { ...base, ...copy, type: FenceType.CIRCLE, geometry: { type: 'circle', center: at, radiusM } });
    } else if (g?.type === 'Polygon' && Array.isArray(g.coordinates) && Array.isArray(g.coordinates[0])) {
      const ring = (g.coordinates[0] as unknown[]).map(pair).filter((p): p is LngLatPair => p !== null);
      const open = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
      if (props.shape === 'rectangle' && open.length === 4) {
        const lngs = open.map((p) => p[0]);
        const lats = open.map((p) => p[1]);
        fences.push({ ...base, ...copy, type: FenceType.RECTANGLE, geometry: { type: 'rectangle', northWest: [Math.min(...lngs), Math.max(...lats)], southEast: [Math.max(...lngs), Math.min(...lats)] } });
      } else fences.push({ ...base, ...copy, type: props.muck ? FenceType.MUCK : FenceType.POLYGON, geometry: { type: 'polygon', points: open } });
    } else if (g?.type === 'LineString' && Array.isArray(g.coordinates)) {
      const points = (g.coordinates as unknown[]).map(pair).filter((p): p is LngLatPair => p !== null);
      const segments = Array.isArray(props.segments) && props.segments.length === points.length - 1 ? (props.segments as RouteSegment[]) : points.slice(1).map(() => ({ widthM: 50, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }));
      fences.push({ ...base, ...copy, type: FenceType.ROUTE, geometry: { type: 'route', points, segments } });
    } else skipped++;
  }
  return { fences, skipped };
}
