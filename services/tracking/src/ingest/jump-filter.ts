import { distanceMeters } from '@openfleet/geo';

/** The last trusted fix of a terminal, what the next fix is compared against. */
export interface LastFix {
  gpsTime: number;
  latitudeE6: number;
  longitudeE6: number;
}

// Under this distance a fix is never a jump: GPS noise between two reports a second apart.
const NOISE_M = 500;

/**
 * True when going from `last` to `next` needs a speed above `maxSpeedKmh` (a position jump).
 * Only a fix newer than the last one is judged; older ones (blind-area uploads) are not.
 */
export function isImpossibleJump(last: LastFix | undefined, next: LastFix, maxSpeedKmh: number): boolean {
  if (!last || next.gpsTime <= last.gpsTime) return false;
  return isImpossibleMove(distanceMeters(last.longitudeE6 / 1e6, last.latitudeE6 / 1e6, next.longitudeE6 / 1e6, next.latitudeE6 / 1e6), next.gpsTime - last.gpsTime, maxSpeedKmh);
}

/** The same rule for a distance already measured, over `seconds` (> 0). */
export function isImpossibleMove(meters: number, seconds: number, maxSpeedKmh: number): boolean {
  return meters >= NOISE_M && meters / 1000 / (seconds / 3600) > maxSpeedKmh;
}
