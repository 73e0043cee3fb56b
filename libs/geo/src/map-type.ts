import { convertCoordinates, Crs } from './coordinate-system';
import type { LngLat } from './lng-lat';

/** Map provider codes stored on the enterprise (spec §4). */
export const MapType = {
  BAIDU: 1,
  GAODE: 3,
  GOOGLE: 4,
  TAIRUI: 5,
} as const;

/** One of the map provider codes. */
export type MapType = (typeof MapType)[keyof typeof MapType];

/** Gaode (GCJ-02) unless the enterprise chose another map. */
export const DEFAULT_MAP_TYPE: MapType = MapType.GAODE;

// Tairui (泰瑞/SmartEarth) is a licensed commercial map, so it carries the national GCJ-02
// offset like Gaode; the spec's second mapping (5 = Gaode) agrees. See docs/geo.md.
const crsByMapType: Readonly<Record<MapType, Crs>> = {
  [MapType.BAIDU]: Crs.BD09,
  [MapType.GAODE]: Crs.GCJ02,
  // Google China tiles are GCJ-02 inside China and WGS-84 outside, which is what gcoord's bbox check does.
  [MapType.GOOGLE]: Crs.GCJ02,
  [MapType.TAIRUI]: Crs.GCJ02,
};

/** The coordinate system a map type draws in; unknown codes use the default map. */
export function crsOfMapType(mapType: number): Crs {
  return crsByMapType[mapType as MapType] ?? crsByMapType[DEFAULT_MAP_TYPE];
}

/** WGS-84 (terminal) position -> the coordinates the given map expects. */
export function toMapCoordinates(lng: number, lat: number, mapType: number = DEFAULT_MAP_TYPE): LngLat {
  return convertCoordinates(lng, lat, Crs.WGS84, crsOfMapType(mapType));
}

/** Position picked on the given map -> WGS-84 (for storage and fence evaluation). */
export function fromMapCoordinates(lng: number, lat: number, mapType: number = DEFAULT_MAP_TYPE): LngLat {
  return convertCoordinates(lng, lat, crsOfMapType(mapType), Crs.WGS84);
}
