export {
  COMPASS_NAMES,
  COMPASS_NAMES_ZH_CN,
  COMPASS_SECTOR_DEGREES,
  compassName,
  compassSector,
} from './compass';
export { convertCoordinates, Crs, wgs84ToGcj02 } from './coordinate-system';
export { distanceMeters, distanceToSegmentMeters, EARTH_RADIUS_M, pathLength } from './distance';
export type { LngLat } from './lng-lat';
export { crsOfMapType, DEFAULT_MAP_TYPE, fromMapCoordinates, MapType, toMapCoordinates } from './map-type';
export { distanceToPolylineMeters, isInCircle, isInPolygon, isInRectangle, isOnRoute } from './shapes';
export { simplifyPath } from './simplify';
export type { Place, PlaceIndexStats } from './place/reverse-place';
export { formatPlace, placeBoundaryData, placeIndexReady, placeIndexState, placeIndexStats, placeName, reversePlace, reversePlaceGcj02, warmPlaceIndex } from './place/reverse-place';
