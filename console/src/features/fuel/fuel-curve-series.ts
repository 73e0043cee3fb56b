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

/**
 * Where the level settled after a refuel or a loss: the first point of the curve between the
 * event's start and its confirmation that is within a tenth of the change of the new level (the
 * top of a rise, the foot of a drop). The detector confirms an event only after the level held
 * (settleS), so its end time lies well after the visible step; without such a point the marker
 * takes the end time and the new level.
 */
function marker(event: FuelEventView, points: FuelCurve['points']): FuelMarker {
  const tolerance = Math.max(0.5, Math.abs(event.litresAfter - event.litresBefore) * 0.1);
  const settled = points.find((point) => point.at >= event.startedAt && point.at <= event.endedAt && Math.abs(point.litres - event.litresAfter) <= tolerance);
  return { x: settled?.at ?? event.endedAt, y: settled?.litres ?? event.litresAfter, kind: event.kind, amountL: event.amountL, startedAt: event.startedAt, endedAt: event.endedAt };
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
