/** Cell side in fixed-point units: 2^16 = 1/16 degree (about 7 km at 40° N). */
export const CELL = 1 << 16;
// A cell's reference point sits half a unit off the integer lattice the vertices live on, so the
// scanline through it never meets a vertex exactly.
export const REF_OFFSET = CELL / 2 + 0.5;
// Module-level copies: a global looked up in a hot loop is slow inside a VM context (jest).
const { floor } = Math;

/**
 * A built grid as plain numbers and typed arrays (see place-grid-build.ts): what the index worker
 * transfers to the main thread without copying, and all a lookup needs.
 */
export interface PlaceGridParts {
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** > 0: district + 1 for the whole cell; 0: no district; < 0: -(offset + 1) into `mixed`. */
  cells: Int32Array;
  /** Per mixed cell: group count, then per group: district, refInside, runCount, (edge, count) * runCount. */
  mixed: Int32Array;
  /** The boundary vertices (x,y pairs, fixed point); edge e joins vertices e and e + 1. */
  coords: Int32Array;
}

/**
 * A uniform grid over the boundary data. Most cells lie wholly inside one district (or none) and
 * answer without geometry. A cell crossed by borders keeps, for each district with edges in it,
 * whether the cell's reference point is inside and the runs of edges that cross the cell; a point
 * is inside when that flag, flipped once per edge crossing the segment point -> reference point,
 * says so. The segment stays in the cell, so only the cell's own edges can cross it.
 * Building it (`buildPlaceGrid`) is seconds of CPU and runs in the index worker; this class only
 * answers lookups over the finished arrays.
 */
export class PlaceGrid {
  private readonly x0: number;
  private readonly y0: number;
  private readonly width: number;
  private readonly height: number;
  private readonly cells: Int32Array;
  private readonly mixed: Int32Array;
  private readonly coords: Int32Array;

  constructor(parts: PlaceGridParts) {
    ({ x0: this.x0, y0: this.y0, width: this.width, height: this.height, cells: this.cells, mixed: this.mixed, coords: this.coords } = parts);
  }

  /** The district index at a GCJ-02 position in fixed-point units, or -1. */
  lookup(x: number, y: number): number {
    const cx = floor(x / CELL) - this.x0;
    const cy = floor(y / CELL) - this.y0;
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    const cell = this.cells[cy * this.width + cx];
    if (cell >= 0) return cell - 1;
    const refX = (cx + this.x0) * CELL + REF_OFFSET;
    const refY = (cy + this.y0) * CELL + REF_OFFSET;
    const { mixed, coords } = this;
    let at = -cell - 1;
    const groups = mixed[at++];
    for (let group = 0; group < groups; group++) {
      const district = mixed[at];
      let inside = mixed[at + 1] === 1;
      const runs = mixed[at + 2];
      at += 3;
      for (let run = 0; run < runs; run++, at += 2) {
        const end = mixed[at] + mixed[at + 1];
        for (let edge = mixed[at]; edge < end; edge++) {
          const v = edge * 2;
          if (segmentsCross(x, y, refX, refY, coords[v], coords[v + 1], coords[v + 2], coords[v + 3])) inside = !inside;
        }
      }
      if (inside) return district;
    }
    return -1;
  }

  /** Bytes held by the index's own arrays (the shared vertex store included). */
  get byteLength(): number {
    return this.cells.byteLength + this.mixed.byteLength + this.coords.byteLength;
  }

}

/** Whether segment p-q crosses segment a-b; a vertex on the line p-q counts on one side only. */
function segmentsCross(px: number, py: number, qx: number, qy: number, ax: number, ay: number, bx: number, by: number): boolean {
  const dx = qx - px;
  const dy = qy - py;
  if (dx * (ay - py) - dy * (ax - px) > 0 === dx * (by - py) - dy * (bx - px) > 0) return false;
  const ex = bx - ax;
  const ey = by - ay;
  return ex * (py - ay) - ey * (px - ax) > 0 !== ex * (qy - ay) - ey * (qx - ax) > 0;
}
