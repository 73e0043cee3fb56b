/** A position as [longitude, latitude] in degrees (GeoJSON order). */
export type LngLat = readonly [lng: number, lat: number];
