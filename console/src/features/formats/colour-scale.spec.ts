import { legendStops, NO_VALUE_COLOUR, sequentialScale } from './colour-scale';

const lightness = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('the sequential colour scale', () => {
  it('a 9 mV spread is widened to 50 mV around its middle, so it is not painted end to end', () => {
    const scale = sequentialScale([3.301, 3.305, 3.31], 0.05);
    expect(scale.min).toBeCloseTo(3.2805, 6);
    expect(scale.max).toBeCloseTo(3.3305, 6);
    // The lowest and highest readings sit inside the middle fifth: close colours, not both ends.
    expect(Math.abs(lightness(scale.colourOf(3.31)) - lightness(scale.colourOf(3.301)))).toBeLessThan(40);
    expect(scale.colourOf(3.301)).not.toBe(scale.colourOf(scale.min));
  });

  it('a wide spread uses the readings themselves as the ends', () => {
    const scale = sequentialScale([20, 35, 'invalid', 27], 5);
    expect([scale.min, scale.max]).toEqual([20, 35]);
    expect(scale.colourOf(20)).toBe('#440154');
    expect(scale.colourOf(35)).toBe('#fde725');
  });

  it('colour follows the value one way: lightness grows with every step', () => {
    const scale = sequentialScale([0, 100], 5);
    const steps = [0, 10, 25, 40, 50, 60, 75, 90, 100].map((v) => lightness(scale.colourOf(v)));
    steps.slice(1).forEach((value, i) => expect(value).toBeGreaterThan(steps[i]));
  });

  it('non-numbers are grey and text stays readable on light fills', () => {
    const scale = sequentialScale([1, 2], 5);
    expect(scale.colourOf('abnormal')).toBe(NO_VALUE_COLOUR);
    expect(scale.textOf(scale.max)).toBe('#1c2127');
    expect(scale.textOf(scale.min)).toBe('#ffffff');
  });

  it('the legend names evenly spaced values from bottom to top', () => {
    const stops = legendStops(sequentialScale([10, 30], 5), 5);
    expect(stops.map((stop) => stop.value)).toEqual([10, 15, 20, 25, 30]);
    expect(stops[0].colour).toBe('#440154');
    expect(stops[4].colour).toBe('#fde725');
  });

  it('no readings: a scale of one minimum span from zero', () => {
    const scale = sequentialScale([], 5);
    expect([scale.min, scale.max]).toEqual([0, 5]);
  });
});
