// A sequential colour scale for heat maps (battery cell voltages, probe temperatures): colour
// follows the value in one direction only, over the readings' actual range, widened to a minimum
// span so that a few millivolts of spread do not look like a fault.

/** Viridis at five stops: lightness grows with the value and it reads for colour-blind eyes too. */
const STOPS: readonly (readonly [number, number, number])[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour of readings that are no number (a sensor's "abnormal" or "invalid"). */
export const NO_VALUE_COLOUR = '#8f99a8';

export interface ColourScale {
  /** Bottom and top of the scale (the readings' range, widened to the minimum span). */
  readonly min: number;
  readonly max: number;
  /** Fill for a reading; non-numbers are grey. */
  colourOf(value: unknown): string;
  /** Text colour readable on that fill. */
  textOf(value: unknown): string;
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function rgbAt(share: number): number[] {
  const position = Math.min(1, Math.max(0, share)) * (STOPS.length - 1);
  const low = Math.min(STOPS.length - 2, Math.floor(position));
  const fraction = position - low;
  return STOPS[low].map((c, i) => c + (STOPS[low + 1][i] - c) * fraction);
}

/**
 * A scale over the numeric values; when their spread is under `minSpan` the range is widened
 * around its middle to `minSpan`, so close readings get close colours. No numbers: 0..minSpan.
 */
export function sequentialScale(values: readonly unknown[], minSpan: number): ColourScale {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  let min = numbers.length ? Math.min(...numbers) : 0;
  let max = numbers.length ? Math.max(...numbers) : minSpan;
  if (max - min < minSpan) {
    const middle = (min + max) / 2;
    min = middle - minSpan / 2;
    max = middle + minSpan / 2;
  }
  const shareOf = (value: number) => (value - min) / (max - min);
  return {
    min,
    max,
    colourOf: (value) => (typeof value === 'number' && Number.isFinite(value) ? hex(rgbAt(shareOf(value))) : NO_VALUE_COLOUR),
    textOf: (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) return '#ffffff';
      const [r, g, b] = rgbAt(shareOf(value));
      // Relative luminance (sRGB weights, no gamma: enough to pick black or white).
      return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 ? '#1c2127' : '#ffffff';
    },
  };
}

/** `count` evenly spaced legend entries from the bottom of the scale to its top. */
export function legendStops(scale: ColourScale, count = 5): { value: number; colour: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const value = scale.min + ((scale.max - scale.min) * i) / (count - 1);
    return { value, colour: scale.colourOf(value) };
  });
}

/** The CSS gradient of the whole scale, for the legend bar. */
export function scaleGradient(): string {
  return `linear-gradient(to right, ${STOPS.map((rgb, i) => `${hex(rgb)} ${(i * 100) / (STOPS.length - 1)}%`).join(', ')})`;
}
