import { AppError, ErrorCode } from '@openfleet/errors';

export interface CalibrationPoint {
  level: number;
  quantity: number;
  height: number;
}

/**
 * Checks a calibration table against its tank: 3002 when a point holds more oil than the tank's
 * capacity or sits above its height; 400 when levels repeat or oil does not grow with the level
 * (the table is interpolated, so it must be monotonic). Answers the points sorted by level.
 */
export function checkCalibration(tank: { capacity: number; height: number }, points: readonly CalibrationPoint[]): CalibrationPoint[] {
  const sorted = [...points].sort((a, b) => a.level - b.level);
  for (const point of sorted) {
    if (point.quantity > tank.capacity || point.height > tank.height) throw new AppError(ErrorCode.CALIBRATION_EXCEEDS_TANK, { data: point });
  }
  sorted.forEach((point, index) => {
    const previous = sorted[index - 1];
    if (previous && (previous.level === point.level || previous.quantity > point.quantity || previous.height > point.height)) {
      throw new AppError(ErrorCode.BAD_PARAMETER, { data: { level: point.level, reason: 'levels must be unique and oil must not decrease' } });
    }
  });
  return sorted;
}
