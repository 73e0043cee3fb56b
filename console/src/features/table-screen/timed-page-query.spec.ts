import { timedPageQuery } from './table-model';

describe('timed page query (the list request of alarms, faults, rescue cases)', () => {
  const window = { startTime: '2026-11-24 00:00:00', endTime: '2026-11-24 23:59:59' };

  it('sends the page and the window always, the keyword only when set', () => {
    expect(timedPageQuery({ pageNo: 2, pageSize: 50, keyword: '' }, window)).toEqual({ current: 2, size: 50, ...window });
    expect(timedPageQuery({ pageNo: 1, pageSize: 20, keyword: '京A' }, window)).toEqual({ current: 1, size: 20, ...window, keyword: '京A' });
  });

  it('drops the empty text filters and the unset numeric ones', () => {
    // A screen passes its whole filter state as the window: only the window is read from it.
    const screen = { ...window, type: '', source: '', level: '', status: '' };
    expect(timedPageQuery({ pageNo: 1, pageSize: 20, keyword: '' }, screen, { text: { type: screen.type, source: screen.source }, numbers: { level: screen.level, status: screen.status } })).toEqual({ current: 1, size: 20, ...window });
  });

  it('keeps text filters as they are and converts the numeric ones, 0 included', () => {
    const request = timedPageQuery({ pageNo: 1, pageSize: 20, keyword: '' }, window, { text: { type: 'emergency' }, numbers: { level: '0', handleStatus: '2' } });
    expect(request).toEqual({ current: 1, size: 20, ...window, type: 'emergency', level: 0, handleStatus: 2 });
    expect(typeof request.level).toBe('number');
    // The request's keys in the order the query string had before (page, window, keyword, text, numbers).
    expect(Object.keys(timedPageQuery({ pageNo: 1, pageSize: 20, keyword: 'x' }, window, { text: { kind: 'a', source: 'b' }, numbers: { status: '1' } }))).toEqual(['current', 'size', 'startTime', 'endTime', 'keyword', 'kind', 'source', 'status']);
  });
});
