import { keysOfRegions, regionsOfKeys } from './keyed-selection';

type Row = { id: string };
const key = (row: Row) => row.id;
const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

describe('selection kept by record key', () => {
  it('reads the keys of row, cell and whole-table regions', () => {
    expect(keysOfRegions([{ rows: [1, 2] }], rows('a', 'b', 'c'), key)).toEqual(['b', 'c']);
    expect(keysOfRegions([{ rows: [0, 0] }, { rows: [2, 2] }], rows('a', 'b', 'c'), key)).toEqual(['a', 'c']);
    expect(keysOfRegions([{}], rows('a', 'b'), key)).toEqual(['a', 'b']);
  });

  it('follows the selected records when a refresh moves them, and drops the ones no longer listed', () => {
    const before = rows('a', 'b', 'c');
    const picked = new Set(keysOfRegions([{ rows: [1, 1] }], before, key));
    // A new alarm arrived on top: row 1 is now 'a', the selected 'b' moved to row 2.
    expect(regionsOfKeys(picked, rows('new', 'a', 'b', 'c'), key)).toEqual([{ rows: [2, 2] }]);
    expect(regionsOfKeys(new Set(['a', 'b', 'd']), rows('a', 'b', 'c', 'd'), key)).toEqual([{ rows: [0, 1] }, { rows: [3, 3] }]);
    expect(regionsOfKeys(picked, rows('a', 'c'), key)).toEqual([]);
  });
});
