import { CHINA_PROVINCES } from '@openfleet/contracts';
import { placeIndexState, reversePlace } from '@openfleet/geo';

const INDEX_BY_CODE = new Map(CHINA_PROVINCES.map((province, index) => [province.code, index]));
const LON = Float64Array.from(CHINA_PROVINCES, (p) => p.lon);
const LAT = Float64Array.from(CHINA_PROVINCES, (p) => p.lat);

/** Where a position is: an index into CHINA_PROVINCES (-1 none), and whether the boundary data said so. */
export interface ProvinceAnswer {
  index: number;
  exact: boolean;
}

/**
 * The province of a WGS-84 point from the platform's offline boundary data (libs/geo reversePlace).
 * For the first seconds after start, while that index loads in its worker, the province whose middle
 * point is nearest inside China's box stands in (marked not exact, so the next position asks again);
 * once loaded, a point at sea or abroad has none.
 */
export function provinceOf(lon: number, lat: number): ProvinceAnswer {
  const place = reversePlace(lon, lat);
  if (place) return { index: INDEX_BY_CODE.get(place.adcode.slice(0, 2)) ?? -1, exact: true };
  if (placeIndexState() === 'ready') return { index: -1, exact: true };
  return { index: nearestProvince(lon, lat), exact: false };
}

/** Index of the province whose middle point is nearest, or -1 outside China's box (or 0,0: no fix). */
export function nearestProvince(lon: number, lat: number): number {
  if (!(lon > 73 && lon < 135.5 && lat > 17.5 && lat < 53.8)) return -1;
  const cos = Math.cos((lat * Math.PI) / 180);
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < LON.length; i++) {
    const dx = (lon - LON[i]) * cos;
    const dy = lat - LAT[i];
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}
