import { litresAtHeight, sortedTable } from './tank-calibration';

describe('tank calibration', () => {
  const table = sortedTable([
    { height: 600, quantity: 400 },
    { height: 0, quantity: 0 },
    { height: 300, quantity: 180 },
  ]);

  it('interpolates linearly between the two points around the height', () => {
    expect(litresAtHeight(table, 150)).toBe(90);
    expect(litresAtHeight(table, 450)).toBe(290);
    expect(litresAtHeight(table, 300)).toBe(180);
  });

  it('clamps to the table ends and answers NaN without a table', () => {
    expect(litresAtHeight(table, -5)).toBe(0);
    expect(litresAtHeight(table, 700)).toBe(400);
    expect(litresAtHeight([], 100)).toBeNaN();
  });

  it('sorts by height and drops repeated heights', () => {
    expect(sortedTable([{ height: 2, quantity: 5 }, { height: 1, quantity: 1 }, { height: 2, quantity: 9 }])).toEqual([{ height: 1, quantity: 1 }, { height: 2, quantity: 5 }]);
  });
});
