import { FenceType, type FenceGeometry } from '@openfleet/contracts/fence';
import { fencesToGeoJson, geoJsonToFences } from './fence-geojson';

const shapes: { type: number; geometry: FenceGeometry }[] = [
  { type: FenceType.CIRCLE, geometry: { type: 'circle', center: [116.4, 39.9], radiusM: 300 } },
  { type: FenceType.RECTANGLE, geometry: { type: 'rectangle', northWest: [116.3, 40], southEast: [116.4, 39.9] } },
  { type: FenceType.POLYGON, geometry: { type: 'polygon', points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40]] } },
  { type: FenceType.ROUTE, geometry: { type: 'route', points: [[116.3, 39.9], [116.31, 39.9]], segments: [{ widthM: 40, longThresholdS: 60, shortThresholdS: 0, maxSpeedKmh: 50 }] } },
  { type: FenceType.POINT, geometry: { type: 'point', point: [116.5, 39.8], radiusM: 50 } },
];

describe('fences as GeoJSON', () => {
  it('exports every type as RFC 7946 features and imports them back unchanged', () => {
    const fences = shapes.map((shape, i) => ({ ...shape, name: `f${i}`, attributes: 8, ...(i === 2 ? { rpmLimit: 2500, overRpmDurationS: 10 } : {}) }));
    const json = fencesToGeoJson(fences);
    expect(json.features.map((f) => f.geometry.type)).toEqual(['Point', 'Polygon', 'Polygon', 'LineString', 'Point']);
    // A closed ring, as the RFC requires.
    const ring = (json.features[2].geometry.coordinates as number[][][])[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const back = geoJsonToFences(JSON.parse(JSON.stringify(json)));
    expect(back.skipped).toBe(0);
    expect(back.fences.map((f) => ({ type: f.type, geometry: f.geometry }))).toEqual(shapes);
    expect(back.fences[0]).toMatchObject({ name: 'f0', attributes: 8 });
    expect(back.fences[2]).toMatchObject({ rpmLimit: 2500, overRpmDurationS: 10 });
  });

  it('reads foreign GeoJSON and counts what it cannot use', () => {
    const foreign = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[1, 2], [3, 2], [3, 4], [1, 2]]] }, properties: { name: 'x' } }, { type: 'Feature', geometry: { type: 'MultiPoint', coordinates: [] }, properties: {} }] };
    const { fences, skipped } = geoJsonToFences(foreign);
    expect(skipped).toBe(1);
    expect(fences).toEqual([{ name: 'x', attributes: 8, type: FenceType.POLYGON, geometry: { type: 'polygon', points: [[1, 2], [3, 2], [3, 4]] } }]);
    expect(geoJsonToFences({}).fences).toEqual([]);
  });
});
