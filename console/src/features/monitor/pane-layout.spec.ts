import { PANE_LAYOUTS, paneLayout, paneStyle } from './pane-layout';
import { PANE_SPLITS, monitorReducer, splitChosen } from './monitorSlice';

describe('multiCar pane layouts', () => {
  it('offers the spec §9 splits 1, 2, 4, 6, 8, 9, 10, 13 and 16', () => {
    expect([...PANE_LAYOUTS]).toEqual([1, 2, 4, 6, 8, 9, 10, 13, 16]);
    expect(PANE_SPLITS).toBe(PANE_LAYOUTS);
  });

  it.each(PANE_LAYOUTS)('%i panes fill their grid exactly once, none outside it', (count) => {
    const layout = paneLayout(count);
    expect(layout.cells).toHaveLength(count);
    const covered = new Map<string, number>();
    for (const cell of layout.cells) {
      expect(cell.column + cell.columnSpan - 1).toBeLessThanOrEqual(layout.columns);
      expect(cell.row + cell.rowSpan - 1).toBeLessThanOrEqual(layout.rows);
      for (let c = cell.column; c < cell.column + cell.columnSpan; c++)
        for (let r = cell.row; r < cell.row + cell.rowSpan; r++) covered.set(`${c},${r}`, (covered.get(`${c},${r}`) ?? 0) + 1);
    }
    expect(covered.size).toBe(layout.columns * layout.rows);
    expect([...covered.values()].every((times) => times === 1)).toBe(true);
  });

  it('the uneven layouts have their large panes first', () => {
    expect(paneLayout(6)).toMatchObject({ columns: 3, rows: 3 });
    expect(paneLayout(6).cells[0]).toEqual({ column: 1, row: 1, columnSpan: 2, rowSpan: 2 });
    expect(paneLayout(8).cells[0]).toEqual({ column: 1, row: 1, columnSpan: 3, rowSpan: 3 });
    expect(paneLayout(10).cells.slice(0, 2).map((cell) => cell.columnSpan)).toEqual([2, 2]);
    expect(paneLayout(13).cells[0]).toEqual({ column: 2, row: 2, columnSpan: 2, rowSpan: 2 });
    expect(paneLayout(16)).toMatchObject({ columns: 4, rows: 4 });
    expect(paneStyle(paneLayout(13).cells[0]!)).toEqual({ gridColumn: '2 / span 2', gridRow: '2 / span 2' });
  });

  it('the store keeps a chosen split and ignores one the spec does not have', () => {
    const six = monitorReducer(undefined, splitChosen(6));
    expect(six.split).toBe(6);
    expect(monitorReducer(six, splitChosen(5 as never)).split).toBe(6);
  });
});
