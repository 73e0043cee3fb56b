import type { BehaviourFigures } from '@openfleet/contracts';

export type { BehaviourFigures };

/** Penalty points per event (and per hour of night driving). */
export const SCORE_WEIGHTS = { harshAccel: 2, harshBrake: 2, harshTurn: 2, overspeed: 3, fatigue: 5, nightHour: 1 } as const;
/** Penalties are counted per 100 km, and never over less than 100 km (a short drive is not punished harder). */
const PER_KM = 100;

/**
 * The driving score, 0-100: 100 less the penalty points per 100 km driven,
 *   points = 2 × harsh accelerations + 2 × harsh brakings + 2 × harsh turns + 3 × overspeeds
 *          + 5 × fatigue alarms + 1 × hours of night driving (22:00-06:00),
 *   score  = max(0, 100 − points × 100 / max(km, 100)), one decimal.
 */
export function drivingScore(figures: BehaviourFigures): number {
  const points =
    SCORE_WEIGHTS.harshAccel * figures.harshAccelCount +
    SCORE_WEIGHTS.harshBrake * figures.harshBrakeCount +
    SCORE_WEIGHTS.harshTurn * figures.harshTurnCount +
    SCORE_WEIGHTS.overspeed * figures.overspeedCount +
    SCORE_WEIGHTS.fatigue * figures.fatigueCount +
    SCORE_WEIGHTS.nightHour * (figures.nightDrivingS / 3600);
  return Math.round(Math.max(0, 100 - (points * PER_KM) / Math.max(figures.mileageKm, PER_KM)) * 10) / 10;
}

/** A (90 and over), B (80), C (60), D (under 60). */
export function scoreGrade(score: number): 'A' | 'B' | 'C' | 'D' {
  return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 60 ? 'C' : 'D';
}
