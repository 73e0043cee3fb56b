import { alarmQuery } from './alarm-query';

describe('alarm list query', () => {
  it('sends the window always and the other filters only when set', () => {
    const window = { startTime: '2026-11-24 00:00:00', endTime: '2026-11-24 23:59:59' };
    expect(alarmQuery({ pageNo: 1, pageSize: 20, keyword: '' }, { ...window, type: '', level: '', handleStatus: '' })).toEqual({ current: 1, size: 20, ...window });
    expect(alarmQuery({ pageNo: 3, pageSize: 50, keyword: '京A' }, { ...window, type: 'emergency', level: '0', handleStatus: '0' })).toEqual({ current: 3, size: 50, ...window, keyword: '京A', type: 'emergency', level: 0, handleStatus: 0 });
  });
});
