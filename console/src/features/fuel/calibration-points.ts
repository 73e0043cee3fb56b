/** One calibration point as admin stores it (`/basic/fuel-tank/:id/calibration`): sensor level -> litres at height mm. */
export interface CalibrationPoint {
  readonly level: number;
  readonly height: number;
  readonly quantity: number;
}

/** A point as the editor holds it: text as typed. */
export interface CalibrationDraft {
  readonly level: string;
  readonly height: string;
  readonly quantity: string;
}

export interface TankBounds {
  /** Litres. */
  readonly capacity: number;
  /** mm. */
  readonly height: number;
}

/**
 * What is wrong with a draft point (i18n key): not a number, above the tank (3002, as admin's
 * checkCalibration answers), or breaking the order the table is interpolated in (levels unique,
 * height and litres not decreasing with the level).
 */
export type PointProblem = 'fuel.calibration.badNumber' | 'fuel.calibration.exceedsTank' | 'fuel.calibration.notMonotonic';

const INT = /^\d{1,5}$/;
const LITRES = /^\d{1,6}(\.\d{1,2})?$/;

export function draftOf(point: CalibrationPoint): CalibrationDraft {
  return { level: String(point.level), height: String(point.height), quantity: String(point.quantity) };
}

export function pointOf(draft: CalibrationDraft): CalibrationPoint | null {
  const level = draft.level.trim();
  const height = draft.height.trim();
  const quantity = draft.quantity.trim();
  if (!INT.test(level) || Number(level) > 65535 || !INT.test(height) || !LITRES.test(quantity)) return null;
  return { level: Number(level), height: Number(height), quantity: Number(quantity) };
}

/** One problem per draft (null when fine), in the drafts' order. */
export function pointProblems(drafts: readonly CalibrationDraft[], tank: TankBounds): (PointProblem | null)[] {
  const points = drafts.map(pointOf);
  const problems: (PointProblem | null)[] = points.map((point) => {
    if (!point) return 'fuel.calibration.badNumber';
    return point.quantity > tank.capacity || point.height > tank.height ? 'fuel.calibration.exceedsTank' : null;
  });
  const byLevel = points.map((point, index) => ({ point, index })).filter((entry): entry is { point: CalibrationPoint; index: number } => entry.point !== null).sort((a, b) => a.point.level - b.point.level);
  byLevel.forEach((entry, order) => {
    const previous = byLevel[order - 1]?.point;
    if (previous && problems[entry.index] === null && (previous.level === entry.point.level || previous.quantity > entry.point.quantity || previous.height > entry.point.height)) {
      problems[entry.index] = 'fuel.calibration.notMonotonic';
    }
  });
  return problems;
}

/** The points to save, sorted by level; null while any draft has a problem. */
export function pointsToSave(drafts: readonly CalibrationDraft[], tank: TankBounds): CalibrationPoint[] | null {
  if (pointProblems(drafts, tank).some((problem) => problem !== null)) return null;
  return drafts.map((draft) => pointOf(draft) as CalibrationPoint).sort((a, b) => a.level - b.level);
}

/** A new point after the last: one level and one mm higher, the same litres (the operator types the rest). */
export function nextDraft(drafts: readonly CalibrationDraft[]): CalibrationDraft {
  const last = drafts.map(pointOf).filter((point): point is CalibrationPoint => point !== null).sort((a, b) => a.level - b.level).at(-1);
  return last ? { level: String(last.level + 1), height: String(last.height + 1), quantity: String(last.quantity) } : { level: '0', height: '0', quantity: '0' };
}
