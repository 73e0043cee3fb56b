import { convertCoordinates, Crs } from '../coordinate-system';
import { loadBoundaryData, UNITS_PER_DEGREE, type BoundaryData } from './boundary-data';
import { PlaceGrid } from './place-grid';

/** Where a position is, in the administrative divisions of China (names in Chinese). */
export interface Place {
  province: string;
  /** The prefecture; for a municipality or SAR, the province's own name (北京市). */
  city: string;
  district: string;
  /** The district's six-digit GB/T 2260 code. */
  adcode: string;
}

/** What loading the boundary data cost in this process. */
export interface PlaceIndexStats {
  districts: number;
  vertices: number;
  loadMs: number;
  /** Bytes held by the index's typed arrays. */
  indexBytes: number;
}

interface LoadedIndex {
  grid: PlaceGrid;
  data: BoundaryData;
  stats: PlaceIndexStats;
}

let loaded: LoadedIndex | undefined;

// Built on first use, once per process: tens of MB and a few seconds that processes which never
// show a place (the gateway, the video service) should not pay.
function index(): LoadedIndex {
  if (loaded) return loaded;
  const started = performance.now();
  const data = loadBoundaryData();
  const grid = new PlaceGrid(data);
  loaded = {
    grid,
    data,
    stats: {
      districts: data.districts.length,
      vertices: data.coords.length / 2,
      loadMs: Math.round(performance.now() - started),
      indexBytes: grid.byteLength,
    },
  };
  return loaded;
}

/**
 * The province, city and district at a WGS-84 position, from the boundary data bundled with the
 * platform (no network, no key). The data is GCJ-02, so the position is shifted first. Null at
 * sea, outside China, or for a position that is not a coordinate.
 */
export function reversePlace(lng: number, lat: number): Place | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  const [x, y] = convertCoordinates(lng, lat, Crs.WGS84, Crs.GCJ02);
  return reversePlaceGcj02(x, y);
}

/** As reversePlace, for a position already in GCJ-02 (the boundary data's own datum). */
export function reversePlaceGcj02(lng: number, lat: number): Place | null {
  const { grid, data } = index();
  const found = grid.lookup(lng * UNITS_PER_DEGREE, lat * UNITS_PER_DEGREE);
  if (found < 0) return null;
  const record = data.districts[found];
  return { province: record.province, city: record.city, district: record.district, adcode: record.adcode };
}

/** "广东省广州市天河区"; a municipality is named once ("北京市东城区"). */
export function formatPlace(place: Place | null): string {
  if (!place) return '';
  const city = place.city === place.province ? '' : place.city;
  const district = place.district === place.city ? '' : place.district;
  return `${place.province}${city}${district}`;
}

/** The place name of a WGS-84 position for lists and exports, '' where there is none. */
export function placeName(lng: number, lat: number): string {
  return formatPlace(reversePlace(lng, lat));
}

/** Loads the index if needed and says what it cost. */
export function placeIndexStats(): PlaceIndexStats {
  return { ...index().stats };
}

/** The loaded boundary data itself (GCJ-02, fixed point), for tests and the benchmark. */
export function placeBoundaryData(): BoundaryData {
  return index().data;
}
