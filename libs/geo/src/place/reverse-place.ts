import { convertCoordinates, Crs } from '../coordinate-system';
import { UNITS_PER_DEGREE, type BoundaryData } from './boundary-data';
import { PlaceGrid } from './place-grid';
import type { PlaceIndexData } from './place-index-build';
import { canLoadPlaceIndex, keepAlive, loadPlaceIndexInWorker } from './place-index-loader';

/** Where a position is, in the administrative divisions of China (names in Chinese). */
export interface Place {
  province: string;
  /** The prefecture; for a municipality or SAR, the province's own name (北京市). */
  city: string;
  district: string;
  /** The district's six-digit GB/T 2260 code. */
  adcode: string;
}

/** What loading the boundary data cost. */
export interface PlaceIndexStats {
  districts: number;
  vertices: number;
  /** From the start of the load to a usable index, wall time on the main thread's clock. */
  loadMs: number;
  /** Reading the files and building the grid, wall time inside the worker. */
  buildMs: number;
  /** Bytes held by the index's typed arrays. */
  indexBytes: number;
}

interface LoadedIndex {
  grid: PlaceGrid;
  data: BoundaryData;
  stats: PlaceIndexStats;
}

let loaded: LoadedIndex | undefined;
let loading: Promise<void> | undefined;
let failed = false;

// Built once per process, in a worker: tens of MB and 1.7 CPU-s that would stall every service of
// the process (the gateways' acks among them) if done on the main thread, and that processes which
// never show a place (the gateway, the video service) never pay.
function startLoading(): Promise<void> {
  if (loading) return loading;
  const started = performance.now();
  loading = canLoadPlaceIndex() ? loadPlaceIndexInWorker().then((index) => adopt(index, started)) : Promise.reject(new Error('place names need Node (worker_threads)'));
  // Lookups keep answering null after a failure; the warning says why, and no rejection goes unhandled.
  loading.catch((error: Error) => {
    failed = true;
    if (canLoadPlaceIndex()) process.emitWarning(`place index not loaded: ${error.message}`, 'PlaceIndexWarning');
  });
  return loading;
}

function adopt({ data, grid, buildMs }: PlaceIndexData, started: number): void {
  const placeGrid = new PlaceGrid(grid);
  loaded = {
    grid: placeGrid,
    data,
    stats: { districts: data.districts.length, vertices: data.coords.length / 2, loadMs: Math.round(performance.now() - started), buildMs, indexBytes: placeGrid.byteLength },
  };
}

/**
 * Starts loading the place index in the background if it is not loaded or loading: cheap and
 * non-blocking. Services that name places call it at start so the first answer has them.
 */
export function warmPlaceIndex(): void {
  void startLoading();
}

/**
 * Resolves once lookups answer from the index (starting the load if needed, and keeping the
 * process alive until then); rejects if it cannot load. For tests and benchmarks: services never
 * wait, they show no place until it is ready.
 */
export function placeIndexReady(): Promise<void> {
  const ready = startLoading();
  if (!loaded) keepAlive();
  return ready;
}

/**
 * The province, city and district at a WGS-84 position, from the boundary data bundled with the
 * platform (no network, no key). The data is GCJ-02, so the position is shifted first. Null at
 * sea, outside China, or for a position that is not a coordinate, and until the index is loaded
 * (the first call starts the load; see warmPlaceIndex): a lookup never waits.
 */
export function reversePlace(lng: number, lat: number): Place | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  const [x, y] = convertCoordinates(lng, lat, Crs.WGS84, Crs.GCJ02);
  return reversePlaceGcj02(x, y);
}

/** As reversePlace, for a position already in GCJ-02 (the boundary data's own datum). */
export function reversePlaceGcj02(lng: number, lat: number): Place | null {
  if (!loaded) {
    warmPlaceIndex();
    return null;
  }
  const { grid, data } = loaded;
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

/** Where the index is: not asked for yet, being built in the worker, answering, or failed to load. */
export function placeIndexState(): 'idle' | 'loading' | 'ready' | 'failed' {
  if (loaded) return 'ready';
  if (!loading) return 'idle';
  return failed ? 'failed' : 'loading';
}

/** What loading the index cost; null until it is loaded. */
export function placeIndexStats(): PlaceIndexStats | null {
  return loaded ? { ...loaded.stats } : null;
}

/** The loaded boundary data itself (GCJ-02, fixed point), for tests and the benchmark; null until loaded. */
export function placeBoundaryData(): BoundaryData | null {
  return loaded?.data ?? null;
}
