import type { BusStop } from '@openfleet/contracts';

/** Metres per degree of longitude at 30° N (the fixtures' latitude). */
export const M_PER_DEG_LNG = Math.cos((30 * Math.PI) / 180) * ((Math.PI / 180) * 6_371_008.8);
/** The longitude `metres` east of the fixtures' origin (120° E, 30° N). */
export const east = (metres: number) => 120 + metres / M_PER_DEG_LNG;

/** `count` stops 1 km apart going east (up), radius 30 m, and the same stops going west (down). */
export function straightLine(count = 5) {
  const up: BusStop[] = Array.from({ length: count }, (_, i) => ({ stopId: `U${i + 1}`, name: `站${i + 1}`, longitude: east(i * 1000), latitude: 30, radiusM: 30 }));
  const down: BusStop[] = [...up].reverse().map((stop, i) => ({ ...stop, stopId: `D${i + 1}` }));
  return { lineId: 1, up, down };
}
