/** Spec §9 screen splits: the monitor shows this many map panes. */
export const PANE_LAYOUTS = [1, 2, 4, 6, 8, 9, 10, 13, 16] as const;
export type PaneCount = (typeof PANE_LAYOUTS)[number];

/** One pane's place in the CSS grid (1-based lines, spans in cells). */
export interface PaneCell {
  readonly column: number;
  readonly row: number;
  readonly columnSpan: number;
  readonly rowSpan: number;
}

export interface PaneLayout {
  readonly columns: number;
  readonly rows: number;
  readonly cells: readonly PaneCell[];
}

const cell = (column: number, row: number, span = 1): PaneCell => ({ column, row, columnSpan: span, rowSpan: span });

/** Every cell of a grid, row by row, except those a large pane covers. */
function smallCells(columns: number, rows: number, large: readonly PaneCell[]): PaneCell[] {
  const covered = (column: number, row: number) =>
    large.some((big) => column >= big.column && column < big.column + big.columnSpan && row >= big.row && row < big.row + big.rowSpan);
  const result: PaneCell[] = [];
  for (let row = 1; row <= rows; row++) for (let column = 1; column <= columns; column++) if (!covered(column, row)) result.push(cell(column, row));
  return result;
}

function grid(columns: number, rows: number, large: PaneCell[] = []): PaneLayout {
  return { columns, rows, cells: [...large, ...smallCells(columns, rows, large)] };
}

/**
 * The usual surveillance layouts: 1, 2 side by side, 2x2, 6 = one large (2x2) and five small in
 * 3x3, 8 = one large (3x3) and seven small in 4x4, 3x3, 10 = two large (2x2) over eight small in
 * 4x4, 13 = one large (2x2) in the middle of twelve small in 4x4, 4x4. The first pane is the large one.
 */
export function paneLayout(count: PaneCount): PaneLayout {
  switch (count) {
    case 1: return grid(1, 1);
    case 2: return grid(2, 1);
    case 4: return grid(2, 2);
    case 6: return grid(3, 3, [cell(1, 1, 2)]);
    case 8: return grid(4, 4, [cell(1, 1, 3)]);
    case 9: return grid(3, 3);
    case 10: return grid(4, 4, [cell(1, 1, 2), cell(3, 1, 2)]);
    case 13: return grid(4, 4, [cell(2, 2, 2)]);
    case 16: return grid(4, 4);
  }
}

/** CSS grid placement of a pane. */
export function paneStyle(layoutCell: PaneCell): { gridColumn: string; gridRow: string } {
  return { gridColumn: `${layoutCell.column} / span ${layoutCell.columnSpan}`, gridRow: `${layoutCell.row} / span ${layoutCell.rowSpan}` };
}
