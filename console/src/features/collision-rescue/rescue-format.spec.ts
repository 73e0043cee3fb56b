import { distanceText, nextStatuses, rescueQuery } from './rescue-format';

describe('rescue format', () => {
  it('offers the workflow moves of each status, none after done or false alarm', () => {
    expect(nextStatuses(0)).toEqual([1, 4]);
    expect(nextStatuses(1)).toEqual([2, 3, 4]);
    expect(nextStatuses(2)).toEqual([3, 4]);
    expect(nextStatuses(3)).toEqual([]);
    expect(nextStatuses(4)).toEqual([]);
  });

  it('asks for the filters that are set only', () => {
    const page = { pageNo: 2, pageSize: 20, keyword: '' };
    expect(rescueQuery(page, { startTime: 'a', endTime: 'b', type: '', status: '' })).toEqual({ current: 2, size: 20, startTime: 'a', endTime: 'b' });
    expect(rescueQuery({ ...page, keyword: '京A' }, { startTime: 'a', endTime: 'b', type: 'rolloverWarning', status: '0' })).toEqual({ current: 2, size: 20, startTime: 'a', endTime: 'b', keyword: '京A', type: 'rolloverWarning', status: 0 });
  });

  it('writes distances in metres, then kilometres', () => {
    expect(distanceText(850)).toBe('850 m');
    expect(distanceText(12_345)).toBe('12.3 km');
  });
});
