/** One point of a tank's calibration table: at this height (mm) the tank holds this many litres. */
export interface CalibrationPoint {
  height: number;
  quantity: number;
}

/** A tank as the fuel ledger needs it: capacity and its table sorted by height. */
export interface CalibratedTank {
  tankId: string;
  capacity: number;
  points: CalibrationPoint[];
}

/**
 * Litres at a sensor height, by linear interpolation between the two table points around it;
 * clamped to the table's ends (a sensor above the top point reads the top point's quantity).
 * NaN when the table is empty: the tank cannot be read.
 */
export function litresAtHeight(points: readonly CalibrationPoint[], heightMm: number): number {
  if (!points.length || !Number.isFinite(heightMm)) return NaN;
  if (heightMm <= points[0].height) return points[0].quantity;
  const last = points[points.length - 1];
  if (heightMm >= last.height) return last.quantity;
  // Binary search: tables run to hundreds of points and this runs per position.
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (points[middle].height <= heightMm) low = middle;
    else high = middle;
  }
  const below = points[low];
  const above = points[high];
  const share = (heightMm - below.height) / (above.height - below.height);
  return below.quantity + share * (above.quantity - below.quantity);
}

/** The table sorted by height, repeated heights dropped (the first wins), as litresAtHeight needs it. */
export function sortedTable(points: readonly CalibrationPoint[]): CalibrationPoint[] {
  const sorted = [...points].sort((a, b) => a.height - b.height);
  return sorted.filter((point, index) => index === 0 || point.height !== sorted[index - 1].height);
}
