import { chinaNow, monthGrid, pickerFields, readPickerText, shiftMonth, withDate, withTimePart } from './china-datetime';

// Instants written as UTC so the expectations do not lean on the module's own offset.
const utc = (text: string) => Date.parse(`${text}Z`);

describe('the picker text (China time, YYYY-MM-DD HH:mm:ss)', () => {
  it('reads the format and the shapes operators type, always writing the API format back', () => {
    expect(readPickerText('2026-11-27 08:05:09')).toBe('2026-11-27 08:05:09');
    expect(readPickerText(' 2026/11/27 8:05 ')).toBe('2026-11-27 08:05:00');
    expect(readPickerText('2026.1.2')).toBe('2026-01-02 00:00:00');
    expect(readPickerText('2026-11-27T23:59:59')).toBe('2026-11-27 23:59:59');
    expect(readPickerText('20261127083000')).toBe('2026-11-27 08:30:00');
    expect(readPickerText('202611270830')).toBe('2026-11-27 08:30:00');
  });

  it('refuses the browser locale formats and impossible times instead of rolling them over', () => {
    expect(readPickerText('11/27/2026, 12:00:00 AM')).toBeNull();
    expect(readPickerText('27/11/2026')).toBeNull();
    expect(readPickerText('2026-02-29 00:00:00')).toBeNull();
    expect(readPickerText('2026-11-27 24:00:00')).toBeNull();
    expect(readPickerText('2026-11-27 08:60')).toBeNull();
    expect(readPickerText('2026-13-01')).toBeNull();
    expect(readPickerText('')).toBeNull();
  });

  it('a day picker keeps the date only', () => {
    expect(readPickerText('2026-11-27 08:05:09', 'date')).toBe('2026-11-27');
    expect(readPickerText('2028/2/29', 'date')).toBe('2028-02-29');
    expect(readPickerText('2026-02-29', 'date')).toBeNull();
  });

  it('now is China time whatever the browser zone: 16:30 UTC is already tomorrow in China', () => {
    expect(chinaNow('datetime', utc('2026-11-27T16:30:00'))).toBe('2026-11-28 00:30:00');
    expect(chinaNow('date', utc('2026-11-27T15:59:59'))).toBe('2026-11-27');
  });

  it('splits a value into fields and replaces its date or one time part', () => {
    expect(pickerFields('2026-11-27 08:05:09')).toEqual({ year: 2026, month: 11, day: 27, hour: 8, minute: 5, second: 9 });
    expect(pickerFields('nonsense')).toBeNull();
    expect(withDate('2026-11-27 08:05:09', '2026-12-01')).toBe('2026-12-01 08:05:09');
    expect(withDate('', '2026-12-01')).toBe('2026-12-01 00:00:00');
    expect(withDate('2026-11-27', '2026-12-01', 'date')).toBe('2026-12-01');
    expect(withTimePart('2026-11-27 08:05:09', 'hour', 23)).toBe('2026-11-27 23:05:09');
    expect(withTimePart('2026-11-27 08:05:09', 'second', 0)).toBe('2026-11-27 08:05:00');
    expect(withTimePart('', 'minute', 30, utc('2026-11-27T16:30:00'))).toBe('2026-11-28 00:30:00');
  });
});

describe('the month grid', () => {
  it('starts weeks on Monday: November 2026 begins on a Sunday, so six days of October lead', () => {
    const grid = monthGrid(2026, 11);
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: '2026-10-26', day: 26, inMonth: false });
    expect(grid[6]).toEqual({ date: '2026-11-01', day: 1, inMonth: true });
    expect(grid.filter((day) => day.inMonth)).toHaveLength(30);
    expect(grid[41].date).toBe('2026-12-06');
  });

  it('a month that begins on Monday has no lead, and leap February has 29 days', () => {
    expect(monthGrid(2026, 6)[0].date).toBe('2026-06-01');
    expect(monthGrid(2028, 2).filter((day) => day.inMonth).map((day) => day.day).pop()).toBe(29);
  });

  it('moves across years', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 5, -17)).toEqual({ year: 2024, month: 12 });
  });
});
