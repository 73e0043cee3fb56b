import gcoord from 'gcoord';
import { crsOfMapType, DEFAULT_MAP_TYPE, fromMapCoordinates, MapType, toMapCoordinates } from '@openfleet/geo';

/**
 * The one place where positions change coordinate system. Terminals and the live push speak WGS-84;
 * the datum shift to the provider's system (GCJ-02, BD-09) goes through libs/geo, then the flat
 * projection of the provider's tiles (Web Mercator, or Baidu's own Mercator) through gcoord.
 */

/** OpenStreetMap: not a spec map type (those are 1, 3, 4, 5); tiles and positions stay WGS-84. */
export const OSM_MAP_TYPE = 0;

/** Projection code of the map view for a map type. */
export function viewProjectionOf(mapType: number): 'EPSG:3857' | 'BD09MC' {
  return mapType !== OSM_MAP_TYPE && crsOfMapType(mapType) === 'BD09' ? 'BD09MC' : 'EPSG:3857';
}

/** Map type codes this console draws (spec §4); anything else falls back to the default (Gaode). */
export function normaliseMapType(mapType: number | null | undefined): MapType | typeof OSM_MAP_TYPE {
  const known = [...(Object.values(MapType) as number[]), OSM_MAP_TYPE];
  return (known.includes(mapType ?? -1) ? mapType : DEFAULT_MAP_TYPE) as MapType;
}

/** WGS-84 degrees -> view coordinates (metres of the view projection) for the given map type. */
export function wgsToView(lng: number, lat: number, mapType: number): [number, number] {
  const [mapLng, mapLat] = mapType === OSM_MAP_TYPE ? [lng, lat] : toMapCoordinates(lng, lat, mapType);
  return providerLngLatToView(mapLng, mapLat, mapType);
}

/** Degrees already in the provider's system (as the tracking API answers for a mapType) -> view. */
export function providerLngLatToView(mapLng: number, mapLat: number, mapType: number): [number, number] {
  // Only the flat projection here: the datum shift was done before. gcoord's WGS84 <-> WebMercator
  // is the plain spherical Mercator, so it projects GCJ-02 degrees without shifting them again.
  const [x, y] = viewProjectionOf(mapType) === 'BD09MC'
    ? gcoord.transform([mapLng, mapLat], gcoord.BD09, gcoord.BD09MC)
    : gcoord.transform([mapLng, clampLat(mapLat)], gcoord.WGS84, gcoord.WebMercator);
  return [x, y];
}

/** View coordinates -> WGS-84 degrees (measurements, picked points). */
export function viewToWgs(x: number, y: number, mapType: number): [number, number] {
  const [mapLng, mapLat] = viewProjectionOf(mapType) === 'BD09MC'
    ? gcoord.transform([x, y], gcoord.BD09MC, gcoord.BD09)
    : gcoord.transform([x, y], gcoord.WebMercator, gcoord.WGS84);
  if (mapType === OSM_MAP_TYPE) return [mapLng, mapLat];
  const [lng, lat] = fromMapCoordinates(mapLng, mapLat, mapType);
  return [lng, lat];
}

// Web Mercator is undefined at the poles; terminals sometimes report 90 before their first fix.
const clampLat = (lat: number) => Math.max(-85.0511, Math.min(85.0511, lat));
