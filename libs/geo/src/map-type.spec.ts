import { convertCoordinates, Crs } from './coordinate-system';
import { distanceMeters } from './distance';
import { crsOfMapType, DEFAULT_MAP_TYPE, fromMapCoordinates, MapType, toMapCoordinates } from './map-type';

// Tiananmen, WGS-84.
const TIANANMEN: [number, number] = [116.391275, 39.907375];

describe('map types', () => {
  it('maps each provider to its coordinate system', () => {
    expect(DEFAULT_MAP_TYPE).toBe(3);
    expect(crsOfMapType(MapType.BAIDU)).toBe(Crs.BD09);
    expect(crsOfMapType(MapType.GAODE)).toBe(Crs.GCJ02);
    expect(crsOfMapType(MapType.GOOGLE)).toBe(Crs.GCJ02);
    expect(crsOfMapType(MapType.TAIRUI)).toBe(Crs.GCJ02);
    expect(crsOfMapType(2)).toBe(Crs.GCJ02);
  });

  it('offsets Tiananmen by a few hundred metres on Gaode (GCJ-02)', () => {
    const [lng, lat] = toMapCoordinates(...TIANANMEN, MapType.GAODE);
    expect(lng).toBeCloseTo(116.397516, 5);
    expect(lat).toBeCloseTo(39.908776, 5);
    const offset = distanceMeters(...TIANANMEN, lng, lat);
    expect(offset).toBeGreaterThan(300);
    expect(offset).toBeLessThan(800);
  });

  it('offsets further on Baidu (BD-09 adds to GCJ-02)', () => {
    const gcj = toMapCoordinates(...TIANANMEN, MapType.GAODE);
    const bd = toMapCoordinates(...TIANANMEN, MapType.BAIDU);
    expect(distanceMeters(gcj[0], gcj[1], bd[0], bd[1])).toBeGreaterThan(500);
    expect(bd).toEqual(convertCoordinates(gcj[0], gcj[1], Crs.GCJ02, Crs.BD09));
  });

  it('uses the default map when no type is given', () => {
    expect(toMapCoordinates(...TIANANMEN)).toEqual(toMapCoordinates(...TIANANMEN, MapType.GAODE));
  });

  it.each([
    ['Beijing', 116.391275, 39.907375],
    ['Urumqi', 87.6168, 43.8256],
    ['Sanya', 109.5119, 18.2528],
    ['Harbin', 126.535, 45.8038],
  ])('round-trips %s within 1e-5 degrees for every map type', (_city, lng, lat) => {
    for (const mapType of Object.values(MapType)) {
      const [mx, my] = toMapCoordinates(lng, lat, mapType);
      const [bx, by] = fromMapCoordinates(mx, my, mapType);
      expect(Math.abs(bx - lng)).toBeLessThan(1e-5);
      expect(Math.abs(by - lat)).toBeLessThan(1e-5);
    }
  });

  it.each([
    ['London', -0.1276, 51.5072],
    ['New York', -74.006, 40.7128],
    ['Tokyo', 139.6917, 35.6895],
    ['Sydney', 151.2093, -33.8688],
  ])('leaves %s untouched on Google and Gaode (outside China)', (_city, lng, lat) => {
    expect(toMapCoordinates(lng, lat, MapType.GOOGLE)).toEqual([lng, lat]);
    expect(toMapCoordinates(lng, lat, MapType.GAODE)).toEqual([lng, lat]);
    expect(fromMapCoordinates(lng, lat, MapType.GOOGLE)).toEqual([lng, lat]);
  });

  it("shifts Seoul: gcoord's China test is a bounding box, not the border (documented limit)", () => {
    const [lng] = toMapCoordinates(126.978, 37.5665, MapType.GOOGLE);
    expect(lng).not.toBe(126.978);
  });

  it('returns the input unchanged when both systems are equal', () => {
    expect(convertCoordinates(1, 2, Crs.WGS84, Crs.WGS84)).toEqual([1, 2]);
  });
});
