import { addRange, missingRanges, receivedBytes } from './byte-ranges';

describe('evidence byte ranges', () => {
  it('merges touching and overlapping pieces and keeps gaps apart', () => {
    let r = addRange([], 0, 100);
    r = addRange(r, 200, 300);
    expect(r).toEqual([[0, 100], [200, 300]]);
    r = addRange(r, 100, 150); // touches the first
    expect(r).toEqual([[0, 150], [200, 300]]);
    r = addRange(r, 140, 210); // bridges both
    expect(r).toEqual([[0, 300]]);
    expect(addRange([[10, 20]], 0, 5)).toEqual([[0, 5], [10, 20]]);
    expect(addRange([[10, 20]], 5, 5)).toEqual([[10, 20]]);
  });

  it('lists what is missing, at the ends and between', () => {
    expect(missingRanges([], 10)).toEqual([{ offset: 0, length: 10 }]);
    expect(missingRanges([[0, 10]], 10)).toEqual([]);
    expect(missingRanges([[2, 4], [6, 9]], 10)).toEqual([{ offset: 0, length: 2 }, { offset: 4, length: 2 }, { offset: 9, length: 1 }]);
    expect(missingRanges([[0, 9]], 10)).toEqual([{ offset: 9, length: 1 }]);
    expect(receivedBytes([[2, 4], [6, 9]])).toBe(5);
  });
});
