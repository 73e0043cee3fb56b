import { readFileSync } from 'node:fs';
import { decodeChinaMap, decodeRing } from './china-outline';

const china = JSON.parse(readFileSync(require.resolve('echarts/map/json/china.json', { paths: [`${__dirname}/../..`] }), 'utf8'));

describe('china-outline (offline base layer data)', () => {
  it('decodes zig-zag delta pairs from the offsets', () => {
    // '@'=64 is 0, 'A'=65 is -1 (zig-zag 1), 'B'=66 is +1 (zig-zag 2).
    expect(decodeRing('BA@B', [1024, 2048])).toEqual([[1 + 1 / 1024, 2 - 1 / 1024], [1 + 1 / 1024, 2]]);
  });

  it('gives 34 provinces inside China and their capitals', () => {
    const outline = decodeChinaMap(china);
    expect(outline.provinces).toHaveLength(34);
    expect(outline.cities.map((city) => city.name)).toEqual(expect.arrayContaining(['北京', '上海', '广州', '乌鲁木齐', '拉萨']));
    for (const province of outline.provinces)
      for (const polygon of province.polygons)
        for (const ring of polygon)
          for (const [lng, lat] of ring) {
            expect(lng).toBeGreaterThan(73);
            expect(lng).toBeLessThan(136);
            expect(lat).toBeGreaterThan(3);
            expect(lat).toBeLessThan(54);
          }
    const beijing = outline.cities.find((city) => city.name === '北京')!;
    expect(beijing.lng).toBeCloseTo(116.4, 0);
    expect(beijing.lat).toBeCloseTo(39.9, 0);
  });
});
