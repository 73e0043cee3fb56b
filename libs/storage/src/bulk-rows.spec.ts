import { inKeyOrder, tsvField, tsvLine } from './bulk-rows';

describe('LOAD DATA TSV text', () => {
  it('escapes what LOAD DATA reads as field and line ends, and writes NULL as \\N', () => {
    expect(tsvField('a\tb\nc\rd\\e "f" 中文')).toBe('a\\tb\\nc\\rd\\\\e "f" 中文');
    expect(tsvField(null)).toBe('\\N');
    expect(tsvField(undefined)).toBe('\\N');
    expect(tsvField(Number.NaN)).toBe('\\N');
    expect(tsvField(-39_912_345)).toBe('-39912345');
    expect(tsvField('')).toBe('');
  });

  it('joins the fields of a row with tabs', () => {
    expect(tsvLine(['13900000001', 1_700_000_000, null, 'x\ty'])).toBe('13900000001\t1700000000\t\\N\tx\\ty');
  });
});

describe('inKeyOrder', () => {
  it('sorts by the key columns only, numbers by value and strings by code unit, and leaves the input as it was', () => {
    const rows: [string, number, number][] = [['v2', 10, 1], ['v10', 30, 2], ['v2', 9, 3], ['V3', 1, 4], ['v10', 30, 5]];
    const sorted = inKeyOrder(rows, 2);
    expect(sorted.map((row) => row[2])).toEqual([4, 2, 5, 3, 1]);
    expect(rows.map((row) => row[2])).toEqual([1, 2, 3, 4, 5]);
    expect(inKeyOrder(rows, 1).map((row) => row[0])).toEqual(['V3', 'v10', 'v10', 'v2', 'v2']);
    expect(inKeyOrder([[null, 2], [1, 1]], 1)).toEqual([[null, 2], [1, 1]]);
  });
});
