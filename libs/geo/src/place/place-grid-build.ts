import type { BoundaryData } from './boundary-data';
import { CELL, REF_OFFSET, type PlaceGridParts } from './place-grid';

// Module-level copies: a global looked up in a hot loop is slow inside a VM context (jest).
const { floor, ceil, min, max } = Math;

/** Builds the grid `PlaceGrid` answers from (see there): seconds of CPU, run in the index worker. */
export function buildPlaceGrid(data: BoundaryData): PlaceGridParts {
  return new PlaceGridBuilder(data).build();
}

class PlaceGridBuilder {
  private readonly x0: number;
  private readonly y0: number;
  private readonly width: number;
  private readonly height: number;

  constructor(private readonly data: BoundaryData) {
    const { coords } = data;
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < coords.length; i += 2) {
      minX = min(minX, coords[i]);
      maxX = max(maxX, coords[i]);
      minY = min(minY, coords[i + 1]);
      maxY = max(maxY, coords[i + 1]);
    }
    if (coords.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    this.x0 = floor(minX / CELL);
    this.y0 = floor(minY / CELL);
    this.width = floor(maxX / CELL) - this.x0 + 1;
    this.height = floor(maxY / CELL) - this.y0 + 1;
  }

  build(): PlaceGridParts {
    const { data } = this;
    const { coords } = data;
    // Typed arrays in two passes (count, then fill): millions of small JS arrays cost seconds
    // and, under jest's VM, minutes.
    const cellCount = this.width * this.height;
    const cellEdgeStart = new Int32Array(cellCount + 1);
    const rowCrossingStart = new Int32Array(this.height + 1);
    this.visitEdges(data, (cell) => cellEdgeStart[cell + 1]++, (row) => rowCrossingStart[row + 1]++);
    for (let i = 0; i < cellCount; i++) cellEdgeStart[i + 1] += cellEdgeStart[i];
    for (let i = 0; i < this.height; i++) rowCrossingStart[i + 1] += rowCrossingStart[i];
    const cellEdges = new Int32Array(cellEdgeStart[cellCount]);
    const crossingX = new Float64Array(rowCrossingStart[this.height]);
    const crossingDistrict = new Int32Array(rowCrossingStart[this.height]);
    const cellFill = cellEdgeStart.slice(0, cellCount);
    const rowFill = rowCrossingStart.slice(0, this.height);
    this.visitEdges(
      data,
      (cell, edge) => (cellEdges[cellFill[cell]++] = edge),
      (row, district, x) => {
        crossingDistrict[rowFill[row]] = district;
        crossingX[rowFill[row]++] = x;
      },
    );
    const holders = this.scanReferencePoints(rowCrossingStart, crossingDistrict, crossingX);
    const [cells, mixed] = this.pack(data.ringDistrict, data.ringStart, cellEdgeStart, cellEdges, holders);
    return { x0: this.x0, y0: this.y0, width: this.width, height: this.height, cells, mixed, coords };
  }

  /**
   * Every edge, in order, under every cell it touches (supercover) and at every row scanline it
   * crosses. Edge e joins vertices e and e + 1 of its ring; districts come in ring order, so a
   * cell's edges arrive grouped by district.
   */
  private visitEdges(
    data: BoundaryData,
    onCell: (cell: number, edge: number) => void,
    onCrossing: (row: number, district: number, x: number) => void,
  ): void {
    const { coords, ringStart, ringDistrict } = data;
    for (let ring = 0; ring < ringDistrict.length; ring++) {
      const district = ringDistrict[ring];
      if (district < 0) continue; // a ring of no kept feature
      for (let edge = ringStart[ring]; edge < ringStart[ring + 1] - 1; edge++) {
        const [ax, ay, bx, by] = [coords[edge * 2], coords[edge * 2 + 1], coords[edge * 2 + 2], coords[edge * 2 + 3]];
        const colFirst = floor(min(ax, bx) / CELL);
        const colLast = floor(max(ax, bx) / CELL);
        for (let col = colFirst; col <= colLast; col++) {
          // The part of the edge inside this column, then the rows it spans there.
          const left = max(min(ax, bx), col * CELL);
          const right = min(max(ax, bx), (col + 1) * CELL);
          const yLeft = ax === bx ? ay : ay + ((by - ay) * (left - ax)) / (bx - ax);
          const yRight = ax === bx ? by : ay + ((by - ay) * (right - ax)) / (bx - ax);
          const rowLast = floor(max(yLeft, yRight) / CELL);
          for (let row = floor(min(yLeft, yRight) / CELL); row <= rowLast; row++) {
            onCell((row - this.y0) * this.width + (col - this.x0), edge);
          }
        }
        // Scanlines run through the reference points, y = row * CELL + REF_OFFSET: never a vertex's y.
        const rowHigh = floor((max(ay, by) - REF_OFFSET) / CELL);
        for (let row = ceil((min(ay, by) - REF_OFFSET) / CELL); row <= rowHigh; row++) {
          onCrossing(row - this.y0, district, ax + ((bx - ax) * (row * CELL + REF_OFFSET - ay)) / (by - ay));
        }
      }
    }
  }

  /**
   * The district holding each cell's reference point, by even-odd crossings along its row:
   * `first[cell]` (or -1), and any further holder where the data's outlines overlap.
   */
  private scanReferencePoints(rowStart: Int32Array, crossingDistrict: Int32Array, crossingX: Float64Array): ReferenceHolders {
    const first = new Int32Array(this.width * this.height).fill(-1);
    const more = new Map<number, number[]>();
    for (let row = 0; row < this.height; row++) {
      // A row's crossings come grouped by district (edge order); sort each group by x.
      for (let from = rowStart[row]; from < rowStart[row + 1]; ) {
        const district = crossingDistrict[from];
        let to = from;
        while (to < rowStart[row + 1] && crossingDistrict[to] === district) to++;
        const xs = crossingX.subarray(from, to).sort();
        for (let k = 0; k + 1 < xs.length; k += 2) {
          const colFrom = max(ceil((xs[k] - REF_OFFSET) / CELL) - this.x0, 0);
          const colTo = min(floor((xs[k + 1] - REF_OFFSET) / CELL) - this.x0, this.width - 1);
          for (let col = colFrom; col <= colTo; col++) {
            const cell = row * this.width + col;
            if (first[cell] < 0) first[cell] = district;
            else if (first[cell] !== district) more.set(cell, [...(more.get(cell) ?? []), district]);
          }
        }
        from = to;
      }
    }
    return { first, more };
  }

  private pack(
    ringDistrict: Int32Array,
    ringStart: Int32Array,
    cellEdgeStart: Int32Array,
    cellEdges: Int32Array,
    holders: ReferenceHolders,
  ): [Int32Array, Int32Array] {
    const cells = new Int32Array(this.width * this.height);
    const mixed = new GrowableInt32();
    let ring = 0;
    const districtOfEdge = (edge: number): number => {
      // Edges ascend within a cell, but cells are visited in any order: search the ring.
      ring = upperBound(ringStart, edge) - 1;
      return ringDistrict[ring];
    };
    for (let cell = 0; cell < cells.length; cell++) {
      const from = cellEdgeStart[cell];
      const to = cellEdgeStart[cell + 1];
      const holding = holders.first[cell] < 0 ? [] : [holders.first[cell], ...(holders.more.get(cell) ?? [])];
      if (from === to) {
        cells[cell] = holding.length > 0 ? holding[0] + 1 : 0;
        continue;
      }
      cells[cell] = -(mixed.length + 1);
      const groupsAt = mixed.push(0);
      const withEdges = new Set<number>();
      let groupAt = -1;
      let district = -1;
      for (let k = from; k < to; k++) {
        const edge = cellEdges[k];
        const owner = districtOfEdge(edge);
        if (owner !== district) {
          district = owner;
          withEdges.add(owner);
          groupAt = mixed.push(owner, holding.includes(owner) ? 1 : 0, 0);
          mixed.set(groupsAt, mixed.get(groupsAt) + 1);
        }
        const runAt = mixed.length - 2;
        if (mixed.get(groupAt + 2) > 0 && mixed.get(runAt) + mixed.get(runAt + 1) === edge) mixed.set(runAt + 1, mixed.get(runAt + 1) + 1);
        else {
          mixed.push(edge, 1);
          mixed.set(groupAt + 2, mixed.get(groupAt + 2) + 1);
        }
      }
      // A district that holds the reference point but has no edge here covers the whole cell.
      for (const owner of holding) {
        if (withEdges.has(owner)) continue;
        mixed.push(owner, 1, 0);
        mixed.set(groupsAt, mixed.get(groupsAt) + 1);
      }
    }
    return [cells, mixed.toArray()];
  }
}

interface ReferenceHolders {
  first: Int32Array;
  more: Map<number, number[]>;
}

/** An Int32Array that grows by doubling; `push` answers the index of its first value. */
class GrowableInt32 {
  private values = new Int32Array(1 << 20);
  length = 0;

  push(...items: number[]): number {
    if (this.length + items.length > this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    const at = this.length;
    for (const item of items) this.values[this.length++] = item;
    return at;
  }

  get(index: number): number {
    return this.values[index];
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

  toArray(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

/** The first index whose value is greater than `value` in an ascending array. */
function upperBound(sorted: Int32Array, value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
