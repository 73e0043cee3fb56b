import { MapType } from '@openfleet/geo';
import { wgsToView } from './coordinate-boundary';
import { drawnToGeometry, geometryToView } from './fence-geometry';

/** Coordinates to 5 decimals (about 1 m): the GCJ-02 inverse is iterative, exact to a few centimetres. */
const rounded = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(rounded) : typeof value === 'number' ? Math.round(value * 1e5) / 1e5 : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)])) : value;

describe('fence geometry at the map boundary', () => {
  it('stores what is drawn on a GCJ-02 map as WGS-84, and draws it back where it was', () => {
    const ring: [number, number][] = [wgsToView(116.3, 39.9, MapType.GAODE), wgsToView(116.4, 39.9, MapType.GAODE), wgsToView(116.4, 40.0, MapType.GAODE)];
    const g = drawnToGeometry({ kind: 'polygon', ring }, MapType.GAODE);
    expect(rounded(g)).toEqual({ type: 'polygon', points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40.0]] });
    const back = geometryToView(g, MapType.GAODE).ring!;
    expect(back[0][0]).toBeCloseTo(ring[0][0], 0);
    expect(back[1][1]).toBeCloseTo(ring[1][1], 0);
  });

  it('a circle keeps its ground radius, on Gaode and on Baidu', () => {
    for (const mapType of [MapType.GAODE, MapType.BAIDU]) {
      const center = wgsToView(116.35, 39.95, mapType);
      const edge = wgsToView(116.35, 39.95 + 500 / 111_195, mapType);
      const g = drawnToGeometry({ kind: 'circle', center, edge }, mapType);
      expect(g.type).toBe('circle');
      if (g.type !== 'circle') return;
      expect(g.radiusM).toBeGreaterThanOrEqual(499);
      expect(g.radiusM).toBeLessThanOrEqual(501);
      expect(g.center[0]).toBeCloseTo(116.35, 5);
    }
  });

  it('a rectangle is stored by its north-west and south-east corners, a route with a corridor per segment', () => {
    const corners: [number, number][] = [wgsToView(116.3, 39.9, MapType.GAODE), wgsToView(116.4, 40.0, MapType.GAODE)];
    expect(rounded(drawnToGeometry({ kind: 'rectangle', corners }, MapType.GAODE))).toEqual({ type: 'rectangle', northWest: [116.3, 40], southEast: [116.4, 39.9] });
    const route = drawnToGeometry({ kind: 'route', line: corners }, MapType.GAODE, { widthM: 80 });
    expect(route).toMatchObject({ type: 'route', segments: [{ widthM: 80 }] });
  });
});
