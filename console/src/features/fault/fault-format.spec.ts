import { durationText, faultQuery, summaryChart } from './fault-format';

const units = { h: 'h', m: 'm', s: 's' };

describe('fault format', () => {
  it('asks for the filters that are set only', () => {
    const page = { pageNo: 1, pageSize: 20, keyword: '' };
    expect(faultQuery(page, { startTime: 'a', endTime: 'b', kind: '', source: '', status: '' })).toEqual({ current: 1, size: 20, startTime: 'a', endTime: 'b' });
    expect(faultQuery(page, { startTime: 'a', endTime: 'b', kind: 'cameraFault', source: 'terminal', status: '0' })).toMatchObject({ kind: 'cameraFault', source: 'terminal', status: 0 });
  });

  it('writes durations from seconds up to hours', () => {
    expect(durationText(9, units)).toBe('9s');
    expect(durationText(65, units)).toBe('1m05s');
    expect(durationText(7509, units)).toBe('2h05m');
  });

  it('charts one bar per kind for the count and the ongoing faults', () => {
    const chart = summaryChart([{ kind: 'cameraFault', count: 3, ongoing: 1, vehicles: 2, durationS: 60 }], (kind) => `K:${kind}`, { count: 'n', ongoing: 'o' });
    expect((chart.xAxis as { categories: string[] }).categories).toEqual(['K:cameraFault']);
    expect(chart.series?.map((s) => (s as { data: number[] }).data)).toEqual([[3], [1]]);
  });
});
