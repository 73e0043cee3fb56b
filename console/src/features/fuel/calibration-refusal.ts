/** Admin's 3002: a calibration point above the tank's capacity or height. */
export const CALIBRATION_EXCEEDS_TANK = 3002;

/**
 * What a 3002 names: a save (PUT) answers the offending point, an import answers the offending
 * Excel rows (`[{row, reasons}]`). Either is shown in words beside the table.
 */
export function exceedingOf(data: unknown): { point?: { height: number; quantity: number }; rows?: number[] } {
  if (Array.isArray(data)) return { rows: data.map((item) => Number((item as { row?: unknown }).row)).filter(Number.isFinite).sort((a, b) => a - b) };
  if (data && typeof data === 'object' && 'height' in data && 'quantity' in data) {
    const point = data as { height: unknown; quantity: unknown };
    return { point: { height: Number(point.height), quantity: Number(point.quantity) } };
  }
  return {};
}
