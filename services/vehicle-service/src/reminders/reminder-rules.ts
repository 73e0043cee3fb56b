import { chinaDateOfDay, chinaDayNumber, chinaDayStart, type ReminderKind, type ReminderSettings, type ReminderThreshold } from '@openfleet/contracts';

/**
 * The pure rules of the sweep: which threshold a due record has crossed on a given China day, and
 * when a service falls due at the vehicle's pace. No I/O, so they are unit-tested to the day and km.
 */

/** What the sweep knows of one record that can fall due (RecordDueSource's DueItem, plus the mileage). */
export interface DueFacts {
  kind: ReminderKind;
  dueDate: string | null;
  /** Maintenance: next-service odometer and the odometer at the last service (km). */
  dueOdometerKm: number | null;
  lastServiceOdometerKm: number | null;
  /** Maintenance: km driven after the last service day, from the daily mileage. */
  mileageSinceServiceKm: number | null;
  /** Maintenance: the vehicle's average km per day (0 or null: unknown, no prediction). */
  averageDailyKm: number | null;
}

/** One reminder the rules ask for. */
export interface DueVerdict {
  threshold: ReminderThreshold;
  daysLeft: number | null;
  serviceIntervalKm: number | null;
  predictedDueDate: string | null;
}

// A sweep reads 100,000 records whose dates repeat: parse each distinct date once.
const dayNumbers = new Map<string, number>();

/** The China day number of "YYYY-MM-DD" (NaN when not a date). */
export function dayOf(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = chinaDayNumber(chinaDayStart(date));
    if (dayNumbers.size > 100_000) dayNumbers.clear();
    dayNumbers.set(date, day);
  }
  return day;
}

/**
 * The one date threshold crossed on `today` (a China day number): the smallest configured "days
 * before" that daysLeft fits in, so a policy ending in 7 days gives `days:7` (not `days:30`, which
 * the sweep gave earlier, nor `days:1`); `overdue` once the date has passed; nothing before the
 * widest window opens. Due today (0 days left) counts as the last day before.
 */
export function dateThreshold(daysLeft: number, daysBefore: readonly number[], overdue: boolean): ReminderThreshold | null {
  if (daysLeft < 0) return overdue ? 'overdue' : null;
  let tightest: number | null = null;
  for (const days of daysBefore) if (daysLeft <= days && (tightest === null || days < tightest)) tightest = days;
  return tightest === null ? null : `days:${tightest}`;
}

/**
 * Maintenance by distance: `km-overdue` once the km since the last service reach the interval
 * (next-service odometer minus the last service's), `km` once they reach interval minus the margin.
 */
export function distanceThreshold(intervalKm: number, sinceKm: number, marginKm: number): ReminderThreshold | null {
  if (sinceKm >= intervalKm) return 'km-overdue';
  if (sinceKm >= intervalKm - marginKm) return 'km';
  return null;
}

/** The service interval in km, or null when the record has no next-service mileage (or it is not ahead). */
export function serviceIntervalKm(facts: Pick<DueFacts, 'dueOdometerKm' | 'lastServiceOdometerKm'>): number | null {
  if (facts.dueOdometerKm === null || facts.lastServiceOdometerKm === null) return null;
  const interval = facts.dueOdometerKm - facts.lastServiceOdometerKm;
  return interval > 0 ? interval : null;
}

/**
 * At this vehicle's average daily distance, the China day number on which the km since the last
 * service reach the interval: today when already reached, null without a pace.
 */
export function predictedDueDay(today: number, intervalKm: number, sinceKm: number, averageDailyKm: number | null): number | null {
  const remaining = intervalKm - sinceKm;
  if (remaining <= 0) return today;
  if (!averageDailyKm || averageDailyKm <= 0) return null;
  return today + Math.ceil(remaining / averageDailyKm);
}

/**
 * Every reminder a record asks for on `today` under the company's settings: at most one by date
 * and, for maintenance, one by distance. A maintenance's date is the earlier of its next-service
 * date and the predicted one, so a vehicle driven hard is reminded before the calendar says so.
 */
export function verdicts(facts: DueFacts, today: number, settings: Pick<ReminderSettings, 'daysBefore' | 'overdue' | 'maintenanceMarginKm'>): DueVerdict[] {
  const found: DueVerdict[] = [];
  const interval = facts.kind === 'maintenance' ? serviceIntervalKm(facts) : null;
  const since = facts.mileageSinceServiceKm ?? 0;
  const predicted = interval !== null ? predictedDueDay(today, interval, since, facts.averageDailyKm) : null;
  const predictedDueDate = predicted !== null ? chinaDateOfDay(predicted) : null;
  let dueDay = facts.dueDate ? dayOf(facts.dueDate) : Number.NaN;
  // A prediction moves a maintenance's date earlier only; "already reached" is the distance rule's.
  if (predicted !== null && predicted > today && (Number.isNaN(dueDay) || predicted < dueDay)) dueDay = predicted;
  if (!Number.isNaN(dueDay)) {
    const daysLeft = dueDay - today;
    const threshold = dateThreshold(daysLeft, settings.daysBefore, settings.overdue);
    if (threshold) found.push({ threshold, daysLeft, serviceIntervalKm: interval, predictedDueDate });
  }
  if (interval !== null && facts.mileageSinceServiceKm !== null) {
    const threshold = distanceThreshold(interval, since, settings.maintenanceMarginKm);
    if (threshold) found.push({ threshold, daysLeft: Number.isNaN(dueDay) ? null : dueDay - today, serviceIntervalKm: interval, predictedDueDate });
  }
  return found;
}

/** The average km per day over the days a vehicle was followed (first day seen to yesterday, at least one). */
export function averageDailyKm(totalKm: number, firstDay: number | null, today: number): number | null {
  if (firstDay === null) return null;
  const days = Math.max(1, today - firstDay);
  return totalKm / days;
}
