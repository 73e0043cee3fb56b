import { newestFirst } from './online-days';

describe('online statistics day columns', () => {
  it('lead with today and keep each day\'s index into the row\'s onlineS', () => {
    const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-27'];
    expect(newestFirst(days)).toEqual([
      { day: '2026-11-27', i: 3 },
      { day: '2026-11-23', i: 2 },
      { day: '2026-11-22', i: 1 },
      { day: '2026-11-21', i: 0 },
    ]);
    expect(newestFirst([])).toEqual([]);
  });
});
