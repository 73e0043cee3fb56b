import { AppError } from '@openfleet/errors';
import { cstDate, formatCst, parseMonthParam, parseTimeParam, PLATFORM_TIME_MAX_S, PLATFORM_TIME_MIN_S, queryWindow } from './time-window';

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

  describe('the platform range: 2000-01-01 00:00:00 .. 2099-12-31 23:59:59 China time', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return { code: (error as AppError).errorCode, data: (error as AppError).data };
      }
      return 'no error';
    };

    it('accepts both ends to the second and refuses one second outside, in every form', () => {
      expect(parseTimeParam('2000-01-01 00:00:00', 'startTime')).toBe(Date.UTC(1999, 11, 31, 16) / 1000);
      expect(parseTimeParam('2000-01-01', 'startTime')).toBe(PLATFORM_TIME_MIN_S);
      expect(parseTimeParam('2099-12-31 23:59:59', 'endTime')).toBe(Date.UTC(2099, 11, 31, 15, 59, 59) / 1000);
      expect(parseTimeParam('2099-12-31 23:59:59', 'endTime')).toBe(PLATFORM_TIME_MAX_S);
      expect(refusal(() => parseTimeParam('1999-12-31 23:59:59', 'startTime'))).toEqual({ code: 400, data: { field: 'startTime' } });
      expect(refusal(() => parseTimeParam('2100-01-01', 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
      expect(refusal(() => parseTimeParam('2100-01-01 00:00:00', 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
      expect(refusal(() => parseTimeParam('9999-12-31', 'day'))).toEqual({ code: 400, data: { field: 'day' } });
      // Epoch ms: the same instants.
      expect(parseTimeParam(String(PLATFORM_TIME_MIN_S * 1000), 'startTime')).toBe(PLATFORM_TIME_MIN_S);
      expect(parseTimeParam(String(PLATFORM_TIME_MAX_S * 1000 + 999), 'endTime')).toBe(PLATFORM_TIME_MAX_S);
      expect(refusal(() => parseTimeParam(String(PLATFORM_TIME_MIN_S * 1000 - 1), 'startTime'))).toEqual({ code: 400, data: { field: 'startTime' } });
      expect(refusal(() => parseTimeParam(String((PLATFORM_TIME_MAX_S + 1) * 1000), 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
      expect(refusal(() => parseTimeParam('99999999999999', 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
    });

    it('refuses times that are not on the calendar instead of rolling them over', () => {
      for (const text of ['2026-02-29', '2026-02-31 08:00:00', '2026-13-01', '2026-00-10', '2026-11-22 24:00:00', '2026-11-22 08:60:00', '2026-11-22 08:00:60']) {
        expect(refusal(() => parseTimeParam(text, 'startTime'))).toEqual({ code: 400, data: { field: 'startTime' } });
      }
      expect(parseTimeParam('2028-02-29', 'startTime')).toBe(Date.UTC(2028, 1, 28, 16) / 1000);
    });

    it('bounds a window by the range before its length', () => {
      expect(refusal(() => queryWindow('9999-01-01', '9999-01-02', 31))).toEqual({ code: 400, data: { field: 'startTime' } });
      expect(refusal(() => queryWindow('2026-01-01', '9999-01-02', 31))).toEqual({ code: 400, data: { field: 'endTime' } });
    });

    it('reads months within 2000-01 .. 2099-12', () => {
      expect(parseMonthParam('2000-01', 'startTime')).toEqual({ year: 2000, month: 1 });
      expect(parseMonthParam('2099-12-31', 'endTime')).toEqual({ year: 2099, month: 12 });
      expect(refusal(() => parseMonthParam('1999-12', 'startTime'))).toEqual({ code: 400, data: { field: 'startTime' } });
      expect(refusal(() => parseMonthParam('2100-01', 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
      expect(refusal(() => parseMonthParam('9999-13', 'endTime'))).toEqual({ code: 400, data: { field: 'endTime' } });
    });
  });
});
