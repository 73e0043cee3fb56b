import { loadBoundaryData, type BoundaryData } from './boundary-data';
import type { PlaceGridParts } from './place-grid';
import { buildPlaceGrid } from './place-grid-build';

/**
 * The finished place index: the boundary data and the grid over it, every bulk part a typed array
 * with its own buffer, so the worker that builds it hands it over without a copy (the grid's
 * `coords` is the data's `coords`, transferred once). Only the 3,252 district records are cloned.
 */
export interface PlaceIndexData {
  data: BoundaryData;
  grid: PlaceGridParts;
  /** Reading the files and building the grid, wall time inside the worker. */
  buildMs: number;
}

/** Reads the boundary files and builds the grid: 1.7 CPU-s, never on the main thread. */
export function buildPlaceIndex(): PlaceIndexData {
  const started = performance.now();
  const data = loadBoundaryData();
  const grid = buildPlaceGrid(data);
  return { data, grid, buildMs: Math.round(performance.now() - started) };
}

/** The buffers to transfer (each once: a buffer listed twice makes postMessage throw). */
export function transferablesOf({ data, grid }: PlaceIndexData): ArrayBuffer[] {
  const arrays = [data.coords, data.ringStart, data.ringDistrict, grid.cells, grid.mixed, grid.coords];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}
