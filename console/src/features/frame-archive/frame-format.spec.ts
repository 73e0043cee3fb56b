import { defaultFilters, frameQuery, frameTime, hexLines, msgIdText } from './frame-format';

describe('frame format', () => {
  it('shows the time with milliseconds in China time', () => {
    expect(frameTime(Date.UTC(2026, 0, 2, 3, 4, 5, 7))).toBe('2026-01-02 11:04:05.007');
  });

  it('writes message ids in the width of their protocol', () => {
    expect(msgIdText({ msgId: 0x200, protocol: 'jt808' })).toBe('0x0200');
    expect(msgIdText({ msgId: 0x1202, protocol: 'jt809' })).toBe('0x1202');
    expect(msgIdText({ msgId: 2, protocol: 'gb32960' })).toBe('0x02');
    expect(msgIdText({ msgId: null, protocol: 'hj1239' })).toBe('—');
  });

  it('cuts hex into lines of 16 bytes with their offsets', () => {
    const lines = hexLines('7e'.repeat(17));
    expect(lines).toEqual([`0000  ${Array(16).fill('7E').join(' ')}`, '0010  7E']);
  });

  it('sends only the filters that are set', () => {
    const filters = { ...defaultFilters(0), msgId: ' 0x0200 ', status: 'bad' as const };
    expect(frameQuery(' 13911100001 ', filters, { pageNo: 2, pageSize: 50 })).toEqual({ terminal: '13911100001', startTime: filters.startTime, endTime: filters.endTime, msgId: '0x0200', status: 'bad', current: 2, size: 50 });
  });
});
