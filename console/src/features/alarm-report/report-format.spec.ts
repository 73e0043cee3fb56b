import { formatDuration, formatRate, minutesOf } from './report-format';

const units = { h: 'h', min: 'min', s: 's' };

describe('report formatting', () => {
  it('writes durations with the units that are not zero', () => {
    expect(formatDuration(0, units)).toBe('0 s');
    expect(formatDuration(59.6, units)).toBe('1 min');
    expect(formatDuration(3600, units)).toBe('1 h');
    expect(formatDuration(3723, units)).toBe('1 h 2 min 3 s');
    expect(formatDuration(-5, units)).toBe('0 s');
  });

  it('writes rates as percentages', () => {
    expect(formatRate(0.667)).toBe('66.7%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0)).toBe('0.0%');
  });

  it('gives ranking durations in minutes to 0.1, so alarms shorter than a minute still show', () => {
    expect(minutesOf(42)).toBe(0.7);
    expect(minutesOf(3)).toBe(0.1);
    expect(minutesOf(90)).toBe(1.5);
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(-5)).toBe(0);
  });
});
