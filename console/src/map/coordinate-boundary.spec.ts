import { toMapCoordinates } from '@openfleet/geo';
import { normaliseMapType, OSM_MAP_TYPE, providerLngLatToView, viewProjectionOf, viewToWgs, wgsToView } from './coordinate-boundary';

// Tiananmen, WGS-84.
const LNG = 116.391275;
const LAT = 39.906217;

describe('coordinate boundary', () => {
  it('draws Baidu in BD09MC and every other provider in Web Mercator', () => {
    expect(viewProjectionOf(1)).toBe('BD09MC');
    expect(viewProjectionOf(3)).toBe('EPSG:3857');
    expect(viewProjectionOf(4)).toBe('EPSG:3857');
    expect(viewProjectionOf(5)).toBe('EPSG:3857');
  });

  it('falls back to Gaode (3) for unknown or missing map types', () => {
    expect(normaliseMapType(undefined)).toBe(3);
    expect(normaliseMapType(2)).toBe(3);
    expect(normaliseMapType(1)).toBe(1);
  });

  it('applies the GCJ-02 shift once on Gaode: the view point is the Mercator of the shifted position', () => {
    const [gcjLng, gcjLat] = toMapCoordinates(LNG, LAT, 3);
    expect(gcjLng).not.toBeCloseTo(LNG, 4);
    const [x, y] = wgsToView(LNG, LAT, 3);
    expect(x).toBeCloseTo((6378137 * gcjLng * Math.PI) / 180, 3);
    expect(y).toBeCloseTo(6378137 * Math.log(Math.tan(Math.PI / 4 + (gcjLat * Math.PI) / 360)), 3);
    expect(providerLngLatToView(gcjLng, gcjLat, 3)).toEqual([x, y]);
  });

  it.each([1, 3, 4, 5])('round-trips WGS-84 through the view of map type %i within a metre', (mapType) => {
    const [x, y] = wgsToView(LNG, LAT, mapType);
    const [lng, lat] = viewToWgs(x, y, mapType);
    expect(Math.abs(lng - LNG) * 111_000).toBeLessThan(1);
    expect(Math.abs(lat - LAT) * 111_000).toBeLessThan(1);
  });

  it('draws OpenStreetMap in WGS-84 without the GCJ-02 shift and maps it back exactly', () => {
    const [x, y] = wgsToView(LNG, LAT, OSM_MAP_TYPE);
    expect(x).toBeCloseTo((6378137 * LNG * Math.PI) / 180, 3);
    const [lng, lat] = viewToWgs(x, y, OSM_MAP_TYPE);
    expect(lng).toBeCloseTo(LNG, 9);
    expect(lat).toBeCloseTo(LAT, 9);
    expect(normaliseMapType(OSM_MAP_TYPE)).toBe(OSM_MAP_TYPE);
  });

  it('gives Baidu different metres than Gaode for the same place (own datum and projection)', () => {
    const baidu = wgsToView(LNG, LAT, 1);
    const gaode = wgsToView(LNG, LAT, 3);
    expect(Math.hypot(baidu[0] - gaode[0], baidu[1] - gaode[1])).toBeGreaterThan(100);
  });
});

describe('default tiles and map type', () => {
  it('draws Gaode in Chinese and OpenStreetMap in English before the user chooses', async () => {
    const { defaultMapTypeFor, DEFAULT_TILES, tileUrlFor } = await import('./map-tiles');
    expect(defaultMapTypeFor('zh_CN')).toBe(3);
    expect(defaultMapTypeFor('en_US')).toBe(0);
    expect(tileUrlFor(DEFAULT_TILES, 'gaode', 'road')).toMatch(/autonavi\.com/);
    expect(tileUrlFor(DEFAULT_TILES, 'osm', 'road')).toMatch(/openstreetmap\.org/);
  });

  it('lets a deployment switch tiles off with an empty configuration', async () => {
    const { parseTileConfig, tileUrlFor } = await import('./map-tiles');
    expect(tileUrlFor(parseTileConfig('{}'), 'gaode', 'road')).toBeNull();
  });
});
