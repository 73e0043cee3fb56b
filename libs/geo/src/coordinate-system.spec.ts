import gcoord from 'gcoord';
import { convertCoordinates, Crs, wgs84ToGcj02 } from './coordinate-system';

const viaGcoord = (lng: number, lat: number) => gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];

describe('wgs84ToGcj02', () => {
  it('answers what gcoord answers, bit for bit, on a grid over China and beyond its box', () => {
    let compared = 0;
    let shifted = 0;
    // 0.37° x 0.29° steps (not multiples of anything in the formula) from lng 60 to 150, lat -10 to 65,
    // so the grid crosses every edge of gcoord's China box.
    for (let lng = 60; lng <= 150; lng += 0.37) {
      for (let lat = -10; lat <= 65; lat += 0.29) {
        const expected = viaGcoord(lng, lat);
        const actual = wgs84ToGcj02(lng, lat);
        if (actual[0] !== expected[0] || actual[1] !== expected[1]) throw new Error(`${lng},${lat}: ${actual} vs gcoord ${expected}`);
        if (actual[0] !== lng) shifted++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60_000);
    // Both sides of the box were compared: shifted points inside it, unchanged ones outside.
    expect(shifted).toBeGreaterThan(20_000);
    expect(compared - shifted).toBeGreaterThan(20_000);
  });

  it('answers what gcoord answers on the box edges and at typical fleet positions (1e-6 degree steps)', () => {
    const points: [number, number][] = [
      [72.004, 0.8293], [137.8347, 55.8271], [72.003999, 30], [137.834701, 30], [100, 0.829299], [100, 55.827101],
      [116.391275, 39.907375], [121.473701, 31.230416], [113.264385, 23.129112], [87.617733, 43.792818], [126.642464, 45.756967],
    ];
    for (const [lng, lat] of points) {
      for (let i = 0; i < 100; i++) {
        const [x, y] = [lng + i * 1e-6, lat - i * 1e-6];
        expect(wgs84ToGcj02(x, y)).toEqual(viaGcoord(x, y));
      }
    }
  });

  it('is what convertCoordinates answers for WGS-84 -> GCJ-02 (Tiananmen moves about 0.006° east)', () => {
    const [lng, lat] = convertCoordinates(116.391275, 39.907375, Crs.WGS84, Crs.GCJ02);
    expect([lng, lat]).toEqual(viaGcoord(116.391275, 39.907375));
    expect(lng - 116.391275).toBeGreaterThan(0.005);
    expect(lng - 116.391275).toBeLessThan(0.007);
  });
});
