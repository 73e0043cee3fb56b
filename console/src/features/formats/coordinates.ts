// The console's one way to write a position: longitude first, then latitude, six decimals (about
// 0.1 m), the order of GeoJSON, OpenLayers and the map's own [lng, lat]. Screens label the value
// with `format.lngLat` ("经度, 纬度"), so nobody has to guess which number is which.

/** Decimals of a written coordinate. */
export const COORDINATE_DIGITS = 6;

/** What a position without a fix shows. */
export const NO_POSITION = '—';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** "116.397428, 39.909230" (longitude, latitude), or "—" when either is missing. */
export function formatLngLat(lng: number | null | undefined, lat: number | null | undefined): string {
  if (!isNumber(lng) || !isNumber(lat)) return NO_POSITION;
  return `${lng.toFixed(COORDINATE_DIGITS)}, ${lat.toFixed(COORDINATE_DIGITS)}`;
}

/** The i18n key of the label every written position carries. */
export const LNG_LAT_LABEL_KEY = 'format.lngLat';
