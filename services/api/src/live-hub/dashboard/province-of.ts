import { CHINA_PROVINCES } from '@openfleet/contracts';

// Interim until libs/geo's reversePlace (issue 30, GEO) lands: the province whose middle point is
// nearest, inside a box around China. Wrong near borders, right for a country-wide heat picture;
// swap the body for reversePlace(lon, lat)?.provinceCode when it exists.
const LON = Float64Array.from(CHINA_PROVINCES, (p) => p.lon);
const LAT = Float64Array.from(CHINA_PROVINCES, (p) => p.lat);

/** Index into CHINA_PROVINCES of a WGS-84 point, or -1 outside China's box (or 0,0: no fix). */
export function provinceIndexOf(lon: number, lat: number): number {
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
