import type { FuelCurve, FuelEventKind, FuelEventView } from '@openfleet/contracts/vehicle-service';

/** One marker on the curve: where the level settled after a refuel or a loss. */
export interface FuelMarker {
  readonly x: number;
  readonly y: number;
  readonly kind: FuelEventKind;
  /** Litres added or lost, one decimal. */
  readonly amountL: number;
  readonly startedAt: number;
  readonly endedAt: number;
}

export interface FuelCurveSeries {
  readonly line: [number, number][];
  readonly refuels: FuelMarker[];
  readonly thefts: FuelMarker[];
}

/** The level of the curve at `at` (the last point at or before it), for events whose level is unknown. */
function levelAt(points: FuelCurve['points'], at: number): number | null {
  let level: number | null = null;
  for (const point of points) {
    if (point.at > at) break;
    level = point.litres;
  }
  return level;
}

function marker(event: FuelEventView, points: FuelCurve['points']): FuelMarker {
  // The marker sits where the level settled (after the rise or drop), so it lands on the curve's new level.
  const y = Number.isFinite(event.litresAfter) ? event.litresAfter : (levelAt(points, event.endedAt) ?? 0);
  return { x: event.endedAt, y, kind: event.kind, amountL: event.amountL, startedAt: event.startedAt, endedAt: event.endedAt };
}

/**
 * The curve's line (sorted by time, one point per instant) and its refuel and theft markers, those
 * outside the drawn window left out (an event of the day before would stretch the axis).
 */
export function fuelCurveSeries(curve: FuelCurve | undefined, window?: { from: number; to: number }): FuelCurveSeries {
  if (!curve) return { line: [], refuels: [], thefts: [] };
  const points = [...curve.points].sort((a, b) => a.at - b.at);
  const line: [number, number][] = [];
  for (const point of points) {
    if (line.length && line[line.length - 1]![0] === point.at) line[line.length - 1] = [point.at, point.litres];
    else line.push([point.at, point.litres]);
  }
  const inside = (event: FuelEventView) => !window || (event.endedAt >= window.from && event.endedAt <= window.to);
  const markers = curve.events.filter(inside).map((event) => marker(event, points)).sort((a, b) => a.x - b.x);
  return { line, refuels: markers.filter((m) => m.kind === 'refuel'), thefts: markers.filter((m) => m.kind === 'theft') };
}
