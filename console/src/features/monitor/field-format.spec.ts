import { formatPlace, formatReading, NO_DATA } from './field-format';

describe('formatReading', () => {
  it('shows "—" for missing or non-finite values, never a fake number', () => {
    expect(formatReading(null, 'invalid')).toEqual({ kind: 'empty', text: NO_DATA });
    expect(formatReading(undefined, 'invalid').text).toBe('—');
    expect(formatReading(Number.NaN, 'invalid').text).toBe('—');
    expect(formatReading('', 'invalid').text).toBe('—');
  });

  it.each([215.0, 65.53, 5553.5])('shows the sentinel %p as invalid', (sentinel) => {
    expect(formatReading(sentinel, '无效', 'L')).toEqual({ kind: 'invalid', text: '无效' });
  });

  it('shows real readings with unit and rounding, including values near a sentinel', () => {
    expect(formatReading(215.1, 'invalid', 'L')).toEqual({ kind: 'value', text: '215.1 L' });
    expect(formatReading(0, 'invalid', 'km/h')).toEqual({ kind: 'value', text: '0 km/h' });
    expect(formatReading(12.345, 'invalid', '', 1).text).toBe('12.3');
    expect(formatReading('ACC on', 'invalid').text).toBe('ACC on');
  });
});

describe('formatPlace', () => {
  it('writes coordinates or "—" before the first fix', () => {
    expect(formatPlace(116.3912751, 39.9)).toBe('116.391275, 39.900000');
    expect(formatPlace(null, 39.9)).toBe('—');
  });
});
