import { AppError } from '@openfleet/errors';
import { cstDate, formatCst, parseTimeParam, queryWindow } from './time-window';

describe('query time window', () => {
  it('reads China Standard Time strings and epoch milliseconds', () => {
    expect(parseTimeParam('2026-11-22 08:00:00', 'startTime')).toBe(Date.UTC(2026, 10, 22, 0, 0, 0) / 1000);
    expect(parseTimeParam('2026-11-22', 'startTime')).toBe(Date.UTC(2026, 10, 21, 16) / 1000);
    expect(parseTimeParam('1795305600000', 'startTime')).toBe(1795305600);
    expect(formatCst(Date.UTC(2026, 10, 22, 0, 0, 5) / 1000)).toBe('2026-11-22 08:00:05');
  });

  it('formats like the Date-based reference over years of times', () => {
    const reference = (epochS: number) => new Date(epochS * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    for (let epochS = 946_684_800 - 86_400; epochS < 2_000_000_000; epochS += 86_399 * 7 + 3_601) {
      expect(formatCst(epochS)).toBe(reference(epochS));
      expect(cstDate(epochS)).toBe(reference(epochS).slice(0, 10));
    }
  });

  it('answers 400 for garbage and a reversed window, 300 beyond the limit', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as AppError).errorCode;
      }
      return 'no error';
    };
    expect(codeOf(() => parseTimeParam('yesterday', 'startTime'))).toBe(400);
    expect(codeOf(() => queryWindow('2026-11-22 10:00:00', '2026-11-22 09:00:00', 3))).toBe(400);
    expect(codeOf(() => queryWindow('2026-11-01 00:00:00', '2026-11-04 00:00:01', 3))).toBe(300);
    expect(queryWindow('2026-11-01 00:00:00', '2026-11-04 00:00:00', 3).endS - queryWindow('2026-11-01 00:00:00', '2026-11-04 00:00:00', 3).startS).toBe(3 * 86_400);
  });
});
