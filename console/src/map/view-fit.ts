/**
 * Where the map goes when vehicles are checked or followed: pure decisions over view coordinates
 * (metres of the view projection), applied to the ol View by AutoFit and TrackLayer.
 */

/** Zoom of a single vehicle or a followed one: street level (about 2.4 m/px, scale line ~100 m in Web Mercator). */
export const STREET_ZOOM = 16;
/** Fitting several vehicles never zooms in closer than this (two vehicles in the same yard). */
export const FIT_MAX_ZOOM = 16;
/** Pixels kept free around fitted vehicles (toolbar at the top). */
export const FIT_PADDING: [number, number, number, number] = [60, 60, 60, 60];
/** Vehicles closer together than this (view metres) are one place: centred at street zoom, not fitted. */
const SAME_PLACE_M = 1;

export type ViewTarget =
  | { readonly kind: 'none' }
  | { readonly kind: 'center'; readonly center: [number, number]; readonly zoom: number }
  | { readonly kind: 'extent'; readonly extent: [number, number, number, number] };

/** One vehicle (or several in one place): centre at street zoom; several: their bounding box. */
export function fitTarget(points: readonly (readonly [number, number])[]): ViewTarget {
  const finite = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (!finite.length) return { kind: 'none' };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of finite) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  if (maxX - minX < SAME_PLACE_M && maxY - minY < SAME_PLACE_M) return { kind: 'center', center: [(minX + maxX) / 2, (minY + maxY) / 2], zoom: STREET_ZOOM };
  return { kind: 'extent', extent: [minX, minY, maxX, maxY] };
}

/**
 * Whether checking changed what the map should show: it fits when a vehicle with a position joins
 * the checked set (ticked, or its first position arrived), not when one is unticked or merely moves,
 * so live updates never pull the map away from where the operator panned.
 */
export function shouldFit(fitted: ReadonlySet<string>, positioned: readonly string[]): boolean {
  return positioned.some((id) => !fitted.has(id));
}

/**
 * Following one vehicle: the first position (or a new vehicle) centres at street zoom, or closer if
 * the operator already zoomed in; afterwards the map re-centres only when the vehicle nears the
 * edge (20 % margin), so it does not jitter every second.
 */
export function followTarget(
  xy: readonly [number, number],
  view: { zoom: number; extent: readonly [number, number, number, number] },
  started: boolean,
): { center: [number, number]; zoom?: number } | null {
  if (!started) return { center: [xy[0], xy[1]], zoom: Math.max(view.zoom, STREET_ZOOM) };
  const [minX, minY, maxX, maxY] = view.extent;
  const marginX = (maxX - minX) * 0.2;
  const marginY = (maxY - minY) * 0.2;
  const nearEdge = xy[0] < minX + marginX || xy[0] > maxX - marginX || xy[1] < minY + marginY || xy[1] > maxY - marginY;
  return nearEdge ? { center: [xy[0], xy[1]] } : null;
}
