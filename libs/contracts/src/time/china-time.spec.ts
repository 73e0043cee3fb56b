import {
  CHINA_UTC_OFFSET_MINUTES,
  chinaBcdDigits,
  chinaDate,
  chinaDayNumber,
  chinaDayStart,
  chinaDayStartOf,
  chinaMonthStart,
  chinaSecondOfDay,
  chinaTimeFields,
  chinaTimeMs,
  daysInMonth,
  formatChinaTime,
  parseChinaBcdDigits,
  parseChinaTime,
} from './china-time';

// Reference instants written as UTC, so the spec does not lean on the module's own offset.
const utc = (text: string) => Date.parse(`${text}Z`);

describe('China time', () => {
  it('China midnight is 16:00 UTC the day before', () => {
    expect(parseChinaTime('2026-11-21')).toBe(utc('2026-11-20T16:00:00'));
    expect(parseChinaTime('2026-11-21 00:00:00')).toBe(utc('2026-11-20T16:00:00'));
    expect(chinaDate(utc('2026-11-20T15:59:59.999'))).toBe('2026-11-20');
    expect(chinaDate(utc('2026-11-20T16:00:00'))).toBe('2026-11-21');
    expect(formatChinaTime(utc('2026-11-20T15:59:59.999'))).toBe('2026-11-20 23:59:59');
    expect(formatChinaTime(utc('2026-11-20T16:00:00'))).toBe('2026-11-21 00:00:00');
    expect(chinaDayNumber(utc('2026-11-20T16:00:00')) - chinaDayNumber(utc('2026-11-20T15:59:59'))).toBe(1);
    expect(chinaSecondOfDay(utc('2026-11-20T16:00:00'))).toBe(0);
    expect(chinaSecondOfDay(utc('2026-11-20T15:59:59'))).toBe(86_399);
    expect(chinaDayStartOf(utc('2026-11-21T03:00:00'))).toBe(utc('2026-11-20T16:00:00'));
    expect(chinaDayStartOf(utc('2026-11-20T16:00:00'))).toBe(utc('2026-11-20T16:00:00'));
    expect(chinaDayStart('2026-11-21')).toBe(utc('2026-11-20T16:00:00'));
    expect(CHINA_UTC_OFFSET_MINUTES).toBe(480);
  });

  it('a UTC afternoon of the last day of a month is the next month in China', () => {
    expect(chinaDate(utc('2026-01-31T16:00:00'))).toBe('2026-02-01');
    expect(chinaDate(utc('2026-12-31T16:00:00'))).toBe('2027-01-01');
    expect(chinaMonthStart(2026, 2)).toBe(utc('2026-01-31T16:00:00'));
    expect(chinaMonthStart(2026, 13)).toBe(chinaMonthStart(2027, 1));
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('knows leap days', () => {
    expect(parseChinaTime('2028-02-29 12:00:00')).toBe(utc('2028-02-29T04:00:00'));
    expect(parseChinaTime('2026-02-29')).toBeNaN();
    expect(parseChinaTime('2100-02-29')).toBeNaN();
    expect(parseChinaTime('2000-02-29')).toBe(utc('2000-02-28T16:00:00'));
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(chinaDate(utc('2028-02-29T16:00:00'))).toBe('2028-03-01');
  });

  it('covers 2000 to 2099, the range of a two-digit terminal year', () => {
    expect(formatChinaTime(utc('1999-12-31T16:00:00'))).toBe('2000-01-01 00:00:00');
    expect(formatChinaTime(utc('2099-12-31T15:59:59'))).toBe('2099-12-31 23:59:59');
    expect(chinaTimeMs(2000, 1, 1)).toBe(utc('1999-12-31T16:00:00'));
    expect(chinaTimeMs(2099, 12, 31, 23, 59, 59)).toBe(utc('2099-12-31T15:59:59'));
    expect(chinaBcdDigits(utc('2099-12-31T15:59:59'))).toBe('991231235959');
    expect(chinaBcdDigits(utc('1999-12-31T16:00:00'))).toBe('000101000000');
    expect(parseChinaBcdDigits('991231235959')).toBe(utc('2099-12-31T15:59:59'));
    expect(parseChinaBcdDigits('000101000000')).toBe(utc('1999-12-31T16:00:00'));
  });

  it('refuses what is not a calendar time instead of rolling it over', () => {
    expect(chinaTimeMs(2026, 2, 30)).toBeNaN();
    expect(chinaTimeMs(2026, 13, 1)).toBeNaN();
    expect(chinaTimeMs(2026, 11, 21, 24)).toBeNaN();
    expect(chinaTimeMs(2026, 11, 21, 23, 60)).toBeNaN();
    expect(parseChinaTime('2026-11-21 08:30:60')).toBeNaN();
    expect(parseChinaTime('21/11/2026')).toBeNaN();
    expect(parseChinaTime('')).toBeNaN();
    expect(parseChinaBcdDigits('260230000000')).toBeNaN();
    expect(parseChinaBcdDigits('2611210830')).toBeNaN();
    expect(chinaDayStart('2026-11-21 08:00')).toBeNaN();
    // A year is the year written: 0050 is not 1950.
    expect(chinaTimeMs(50, 1, 1)).toBeLessThan(utc('0051-01-01T00:00:00'));
  });

  it('reads the shapes the console and the API send', () => {
    expect(chinaTimeFields(' 2026-11-21T08:30 ')).toEqual({ year: 2026, month: 11, day: 21, hour: 8, minute: 30, second: 0 });
    expect(parseChinaTime('2026-11-21 08:30')).toBe(utc('2026-11-21T00:30:00'));
    expect(parseChinaTime('2026-11-21T08:30:15')).toBe(utc('2026-11-21T00:30:15'));
    expect(chinaTimeFields('2026-11-21 8:30')).toBeNull();
  });

  it('formats and parses back every second of a China day edge', () => {
    for (const ms of [utc('2026-03-31T15:59:59'), utc('2026-03-31T16:00:00'), utc('2026-06-30T23:59:59'), utc('1970-01-01T00:00:00')]) {
      expect(parseChinaTime(formatChinaTime(ms))).toBe(ms);
      expect(formatChinaTime(ms + 999)).toBe(formatChinaTime(ms));
    }
  });
});
