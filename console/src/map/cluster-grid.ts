/** A cluster of vehicles in one grid cell, drawn at the cell's mean position. */
export interface Cluster {
  readonly x: number;
  readonly y: number;
  readonly count: number;
}

/**
 * Groups view-space points into square cells of `cellSize` metres: O(n), no index to maintain, so it
 * can rerun on every tick and every zoom change with ten thousand vehicles.
 */
export function clusterPoints(points: Iterable<readonly [number, number]>, cellSize: number): Cluster[] {
  if (!(cellSize > 0)) throw new RangeError('cellSize must be positive');
  const cells = new Map<string, { sx: number; sy: number; count: number }>();
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const key = `${Math.floor(x / cellSize)}:${Math.floor(y / cellSize)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.sx += x;
      cell.sy += y;
      cell.count++;
    } else cells.set(key, { sx: x, sy: y, count: 1 });
  }
  return [...cells.values()].map((cell) => ({ x: cell.sx / cell.count, y: cell.sy / cell.count, count: cell.count }));
}
