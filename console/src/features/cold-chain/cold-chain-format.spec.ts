import { doorOpen, numberOrNull, probeValues, rangeText } from './cold-chain-format';

describe('cold-chain formatting', () => {
  it('shows each probe with a dash for a silent one', () => {
    expect(probeValues([-18.24, null, 5])).toBe('-18.2 / — / 5.0');
    expect(probeValues([])).toBe('—');
  });

  it('reads doors, ranges and optional numbers', () => {
    expect(doorOpen({ doors: [null, false, true] })).toBe(true);
    expect(doorOpen({ doors: [false] })).toBe(false);
    expect(rangeText({ min: -25, max: -15 })).toBe('-25 … -15');
    expect(rangeText({ min: null, max: 8 })).toBe('−∞ … 8');
    expect(rangeText({ min: null, max: null })).toBe('—');
    expect([numberOrNull(''), numberOrNull('-18.5'), numberOrNull('x')]).toEqual([null, -18.5, null]);
  });
});
