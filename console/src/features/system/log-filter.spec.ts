import { chinaTimeMs, logFilterParams } from './log-filter';

describe('log filters', () => {
  it('reads China time: a date is its whole day, a minute its whole minute', () => {
    expect(chinaTimeMs('2026-11-25')).toBe(Date.parse('2026-11-25T00:00:00+08:00'));
    expect(chinaTimeMs('2026-11-25', true)).toBe(Date.parse('2026-11-25T23:59:59.999+08:00'));
    expect(chinaTimeMs('2026-11-25 08:30')).toBe(Date.parse('2026-11-25T08:30:00+08:00'));
    expect(chinaTimeMs('2026-11-25 08:30', true)).toBe(Date.parse('2026-11-25T08:30:59.999+08:00'));
    expect(chinaTimeMs('2026-11-25 08:30:15', true)).toBe(Date.parse('2026-11-25T08:30:15.999+08:00'));
    // Midnight in China is the previous day in UTC.
    expect(new Date(chinaTimeMs('2026-01-01')!).toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(chinaTimeMs('25/11/2026')).toBeUndefined();
    expect(chinaTimeMs('')).toBeUndefined();
  });

  it('sends only the filters given, trimmed', () => {
    expect(logFilterParams({ from: '', to: '', account: '  ', level: '', event: '' })).toEqual({});
    expect(logFilterParams({ from: '2026-11-25', to: '2026-11-25', account: ' admin ', event: 'login-failed' })).toEqual({
      from: Date.parse('2026-11-25T00:00:00+08:00'),
      to: Date.parse('2026-11-25T23:59:59.999+08:00'),
      account: 'admin',
      event: 'login-failed',
    });
  });
});
