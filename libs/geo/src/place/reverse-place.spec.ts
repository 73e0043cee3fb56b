import { convertCoordinates, Crs } from '../coordinate-system';
import { distanceMeters } from '../distance';
import { UNITS_PER_DEGREE, type BoundaryData } from './boundary-data';
import { formatPlace, placeBoundaryData, placeIndexReady, placeIndexStats, placeName, reversePlace } from './reverse-place';

// Known places in WGS-84 (what terminals report).
const KNOWN: [string, number, number, string, string, string][] = [
  ['Tiananmen', 116.3912, 39.9067, '北京市', '北京市', '东城区'],
  ["People's Square, Shanghai", 121.4737, 31.2304, '上海市', '上海市', '黄浦区'],
  ['Lujiazui, Shanghai', 121.4997, 31.2397, '上海市', '上海市', '浦东新区'],
  ['Canton Tower, Guangzhou', 113.3245, 23.1064, '广东省', '广州市', '海珠区'],
  ['Futian, Shenzhen', 114.0579, 22.5431, '广东省', '深圳市', '福田区'],
  ['Jiefangbei, Chongqing', 106.5775, 29.5573, '重庆市', '重庆市', '渝中区'],
  ['Potala Palace, Lhasa', 91.1172, 29.6578, '西藏自治区', '拉萨市', '城关区'],
  ['West Lake, Hangzhou', 120.1485, 30.2425, '浙江省', '杭州市', '西湖区'],
  ['Wuhou Shrine, Chengdu', 104.048, 30.646, '四川省', '成都市', '武侯区'],
  ['Harbin Central Street', 126.6169, 45.7732, '黑龙江省', '哈尔滨市', '道里区'],
];

describe('reversePlace', () => {
  // The index loads in a worker (seconds on a loaded machine); lookups answer null until then.
  beforeAll(() => placeIndexReady(), 120_000);

  it.each(KNOWN)('%s', (_name, lng, lat, province, city, district) => {
    expect(reversePlace(lng, lat)).toEqual(expect.objectContaining({ province, city, district }));
  });

  it('gives the six-digit district code and a readable name, the municipality once', () => {
    expect(reversePlace(116.3912, 39.9067)?.adcode).toBe('110101');
    expect(placeName(116.3912, 39.9067)).toBe('北京市东城区');
    expect(placeName(113.3245, 23.1064)).toBe('广东省广州市海珠区');
    expect(formatPlace(null)).toBe('');
  });

  it('is null at sea, outside China and for what is not a position', () => {
    expect(reversePlace(123.5, 30.0)).toBeNull(); // East China Sea
    expect(reversePlace(115, 15)).toBeNull(); // South China Sea, between the islands
    expect(reversePlace(-0.1276, 51.5072)).toBeNull(); // London
    expect(reversePlace(139.6917, 35.6895)).toBeNull(); // Tokyo
    expect(reversePlace(106.9057, 47.8864)).toBeNull(); // Ulaanbaatar, inside gcoord's China box
    expect(reversePlace(Number.NaN, 30)).toBeNull();
    expect(reversePlace(200, 30)).toBeNull();
    expect(placeName(0, 0)).toBe('');
  });

  describe('near borders, from the boundary data itself', () => {
    let data: BoundaryData;
    beforeAll(() => {
      data = placeBoundaryData()!;
    });

    /** Even-odd over one district's own rings, in GCJ-02 degrees: the geometry as published. */
    function insideDistrict(district: number, lng: number, lat: number): boolean {
      const x = lng * UNITS_PER_DEGREE;
      const y = lat * UNITS_PER_DEGREE;
      let inside = false;
      for (let ring = 0; ring < data.ringDistrict.length; ring++) {
        if (data.ringDistrict[ring] !== district) continue;
        for (let v = data.ringStart[ring]; v < data.ringStart[ring + 1] - 1; v++) {
          const [ax, ay, bx, by] = [data.coords[2 * v], data.coords[2 * v + 1], data.coords[2 * v + 2], data.coords[2 * v + 3]];
          if (ay > y !== by > y && x < ax + ((bx - ax) * (y - ay)) / (by - ay)) inside = !inside;
        }
      }
      return inside;
    }

    /** Edge midpoints moved 50 m each way along the edge's normal, in GCJ-02 degrees. */
    function samples(count: number): { district: number; inward: [number, number]; outward: [number, number] }[] {
      let seed = 2026;
      const random = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
      const found: { district: number; inward: [number, number]; outward: [number, number] }[] = [];
      const vertices = data.coords.length / 2;
      while (found.length < count) {
        const v = Math.floor(random() * (vertices - 1));
        const ring = upperBound(data.ringStart, v) - 1;
        if (v >= data.ringStart[ring + 1] - 1) continue; // the ring's closing vertex starts no edge
        const [ax, ay, bx, by] = [2 * v, 2 * v + 1, 2 * v + 2, 2 * v + 3].map((i) => data.coords[i] / UNITS_PER_DEGREE);
        if (distanceMeters(ax, ay, bx, by) < 150) continue; // keep 50 m clear of the edge's ends
        const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
        // The normal, scaled to 50 m on the ground (a degree of longitude shrinks with cos(lat)).
        const metresPerDegLat = 111_195;
        const metresPerDegLng = metresPerDegLat * Math.cos((my * Math.PI) / 180);
        const [ex, ey] = [(bx - ax) * metresPerDegLng, (by - ay) * metresPerDegLat];
        const length = Math.hypot(ex, ey);
        const [nx, ny] = [((-ey / length) * 50) / metresPerDegLng, ((ex / length) * 50) / metresPerDegLat];
        const left: [number, number] = [mx + nx, my + ny];
        const right: [number, number] = [mx - nx, my - ny];
        const district = data.ringDistrict[ring];
        const [inLeft, inRight] = [insideDistrict(district, ...left), insideDistrict(district, ...right)];
        if (inLeft === inRight) continue; // a sliver or a spike of the outline: no clear side
        found.push({ district, inward: inLeft ? left : right, outward: inLeft ? right : left });
      }
      return found;
    }

    it('answers the region 50 m inside its border and not the region 50 m outside (WGS-84 in)', () => {
      const wrong: string[] = [];
      let overlaps = 0;
      let provinceBorders = 0;
      let cityBorders = 0;
      for (const { district, inward, outward } of samples(1500)) {
        const record = data.districts[district];
        const inside = reversePlace(...convertCoordinates(...inward, Crs.GCJ02, Crs.WGS84));
        const outside = reversePlace(...convertCoordinates(...outward, Crs.GCJ02, Crs.WGS84));
        const answered = inside ? data.districts.findIndex((d) => d.adcode === inside.adcode && d.district === inside.district) : -1;
        // Neighbouring prefecture files of the data overlap by a few metres here and there: a
        // point inside both outlines may get either, and that is counted, not failed.
        if (answered !== district && answered >= 0 && insideDistrict(answered, ...inward)) overlaps++;
        else if (answered !== district) wrong.push(`in ${record.district} ${inward} -> ${formatPlace(inside)}`);
        if (outside?.district === record.district && outside.adcode === record.adcode) wrong.push(`out ${record.district} ${outward}`);
        if (outside && outside.province !== record.province) provinceBorders++;
        if (outside && outside.city !== record.city) cityBorders++;
      }
      expect(wrong).toEqual([]);
      expect(overlaps).toBeLessThan(15); // under 1 %
      // The sample does cross provincial and prefectural borders, not only district ones.
      expect(provinceBorders).toBeGreaterThan(50);
      expect(cityBorders).toBeGreaterThan(provinceBorders);
    });

    it('loads once and says what that cost', async () => {
      const stats = placeIndexStats()!;
      expect(stats.districts).toBeGreaterThan(3000);
      expect(stats.vertices).toBe(data.coords.length / 2);
      expect(stats.indexBytes).toBeGreaterThan(stats.vertices * 8);
      // The worker's build is part of the load as the main thread sees it.
      expect(stats.buildMs).toBeGreaterThan(0);
      expect(stats.loadMs).toBeGreaterThanOrEqual(stats.buildMs);
      await placeIndexReady();
      expect(placeIndexStats()).toEqual(stats);
      expect(placeBoundaryData()).toBe(data);
    });
  });
});

/** The first index whose value is greater than `value` in an ascending array. */
function upperBound(sorted: Int32Array, value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
