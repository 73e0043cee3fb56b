import { selectedRowIndexes } from './table-model';

type RowRegion = { rows?: readonly [number, number] | null };

/**
 * A list that refreshes under the user (polling, live events) keeps the selection by record key, not
 * by row index: after a refresh the index may point at another record (an alarm handled in its place).
 */
export function keysOfRegions<Row>(regions: readonly RowRegion[], rows: readonly Row[], rowKey: (row: Row) => string): string[] {
  return selectedRowIndexes(regions, rows.length).map((index) => rowKey(rows[index] as Row));
}

/** The row regions (contiguous runs) of the current rows whose keys are selected. */
export function regionsOfKeys<Row>(keys: ReadonlySet<string>, rows: readonly Row[], rowKey: (row: Row) => string): { rows: [number, number] }[] {
  const regions: { rows: [number, number] }[] = [];
  rows.forEach((row, index) => {
    if (!keys.has(rowKey(row))) return;
    const last = regions[regions.length - 1];
    if (last && last.rows[1] === index - 1) last.rows[1] = index;
    else regions.push({ rows: [index, index] });
  });
  return regions;
}
