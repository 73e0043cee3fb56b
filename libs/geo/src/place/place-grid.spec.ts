import type { BoundaryData } from './boundary-data';
import { PlaceGrid } from './place-grid';
import { buildPlaceGrid } from './place-grid-build';
import { transferablesOf } from './place-index-build';

const UNIT = 1 << 20; // fixed-point units per degree, as in boundary-data
const CELL = UNIT / 16;

/** Rings given in degrees, closed here; one district per entry. */
function dataOf(districts: number[][][][]): BoundaryData {
  const coords: number[] = [];
  const ringStart: number[] = [];
  const ringDistrict: number[] = [];
  districts.forEach((rings, district) => {
    for (const ring of rings) {
      ringStart.push(coords.length / 2);
      ringDistrict.push(district);
      for (const [x, y] of [...ring, ring[0]]) coords.push(Math.round(x * UNIT), Math.round(y * UNIT));
    }
  });
  ringStart.push(coords.length / 2);
  const names = districts.map((_, i) => ({ district: `d${i}`, adcode: `${i}`, city: 'c', cityAdcode: '', province: 'p', provinceAdcode: '' }));
  return { districts: names, coords: Int32Array.from(coords), ringStart: Int32Array.from(ringStart), ringDistrict: Int32Array.from(ringDistrict) };
}

const box = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

// West: 100..101 E with a hole 100.4..100.6 (an enclave of the third district); east: 101..102 E
// whose western edge zigzags through cells so borders cross cells diagonally.
const WEST = [box(100, 30, 101, 31), box(100.4, 30.4, 100.6, 30.6)];
const EAST = [
  [
    [101, 30],
    [102, 30],
    [102, 31],
    [101, 31],
  ],
];
const ENCLAVE = [box(100.4, 30.4, 100.6, 30.6)];
const gridOf = (data: BoundaryData): PlaceGrid => new PlaceGrid(buildPlaceGrid(data));
const at = (grid: PlaceGrid, lng: number, lat: number): number => grid.lookup(lng * UNIT, lat * UNIT);

describe('PlaceGrid', () => {
  const grid = gridOf(dataOf([WEST, EAST, ENCLAVE]));

  it('answers whole cells without geometry and border cells by their edges', () => {
    expect(at(grid, 100.2, 30.2)).toBe(0);
    expect(at(grid, 101.5, 30.5)).toBe(1);
    // 0.001° (~100 m) either side of the shared border at 101 E, inside one cell.
    expect(at(grid, 100.999, 30.77)).toBe(0);
    expect(at(grid, 101.001, 30.77)).toBe(1);
  });

  it('puts a point in a hole into the district that fills it, not the one around it', () => {
    expect(at(grid, 100.5, 30.5)).toBe(2);
    expect(at(grid, 100.401, 30.5)).toBe(2);
    expect(at(grid, 100.399, 30.5)).toBe(0);
  });

  it('is -1 outside every district and outside the grid', () => {
    expect(at(grid, 99.99, 30.5)).toBe(-1);
    expect(at(grid, 102.001, 30.5)).toBe(-1);
    expect(at(grid, 100.5, 31.001)).toBe(-1);
    expect(at(grid, 50, 10)).toBe(-1);
  });

  it('agrees with brute-force even-odd on random points around a diagonal border', () => {
    // A triangle split by a diagonal through many cells; the oracle is plain ray casting.
    const lower = [
      [110, 20],
      [111.3, 20],
      [110, 21.7],
    ];
    const upper = [
      [111.3, 20],
      [111.3, 21.7],
      [110, 21.7],
    ];
    const split = gridOf(dataOf([[lower], [upper]]));
    const inRing = (ring: number[][], x: number, y: number): boolean => {
      let inside = false;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    };
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const wrong: number[][] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = 109.9 + random() * 1.5;
      const y = 19.9 + random() * 1.9;
      const expected = inRing(lower, x, y) ? 0 : inRing(upper, x, y) ? 1 : -1;
      // Skip points within a fixed-point unit of an edge, where rounding decides.
      if (Math.abs((x - 110) * 1.7 + (y - 20) * 1.3 - 1.3 * 1.7) < 1e-5) continue;
      if (at(split, x, y) !== expected) wrong.push([x, y, expected]);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the same from its parts moved to another thread, the buffers moved and not copied', () => {
    const data = dataOf([WEST, EAST, ENCLAVE]);
    const parts = buildPlaceGrid(data);
    const index = { data, grid: parts, buildMs: 0 };
    // What postMessage does between the worker and the main thread.
    const moved = structuredClone(index, { transfer: transferablesOf(index) });
    expect([data.coords.byteLength, parts.cells.byteLength, parts.mixed.byteLength, data.ringStart.byteLength]).toEqual([0, 0, 0, 0]);
    expect(moved.grid.coords).toBe(moved.data.coords);
    const received = new PlaceGrid(moved.grid);
    for (const [lng, lat] of [[100.2, 30.2], [101.5, 30.5], [100.999, 30.77], [101.001, 30.77], [100.5, 30.5], [99.99, 30.5]]) {
      expect(at(received, lng, lat)).toBe(at(grid, lng, lat));
    }
  });

  it('counts its bytes and keeps its cells one sixteenth of a degree wide', () => {
    expect(grid.byteLength).toBeGreaterThan(0);
    expect(CELL).toBe(65536);
  });
});
