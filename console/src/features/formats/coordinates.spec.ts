import { formatLngLat, NO_POSITION } from './coordinates';

describe('the coordinate formatter', () => {
  it('writes longitude first, then latitude, with six decimals', () => {
    expect(formatLngLat(116.397428, 39.90923)).toBe('116.397428, 39.909230');
    expect(formatLngLat(-0.1, 51.5)).toBe('-0.100000, 51.500000');
    expect(formatLngLat(0, 0)).toBe('0.000000, 0.000000');
  });

  it('shows a dash, not a made-up zero, when either half is missing', () => {
    expect(formatLngLat(null, 39.9)).toBe(NO_POSITION);
    expect(formatLngLat(116.4, undefined)).toBe(NO_POSITION);
    expect(formatLngLat(Number.NaN, 39.9)).toBe(NO_POSITION);
  });
});
