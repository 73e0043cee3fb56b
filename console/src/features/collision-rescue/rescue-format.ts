import { RESCUE_TRANSITIONS, type RescueStatusCode } from '@openfleet/contracts/alarm';
import { timedPageQuery, type PageQuery } from '../table-screen/table-model';
import type { RescueFilter } from './rescueApi';

export interface RescueFilters {
  startTime: string;
  endTime: string;
  type: string;
  status: string;
}

/** The list request of the table's page and the filters (only those set). */
export function rescueQuery(query: PageQuery, f: RescueFilters): RescueFilter {
  return timedPageQuery(query, f, { text: { type: f.type }, numbers: { status: f.status } });
}

/** The statuses a case may move to next (the buttons the detail offers). */
export function nextStatuses(status: number): readonly RescueStatusCode[] {
  return RESCUE_TRANSITIONS[status as RescueStatusCode] ?? [];
}

/** "850 m" or "12.3 km". */
export function distanceText(meters: number): string {
  return meters < 1000 ? `${meters} m` : `${(meters / 1000).toFixed(1)} km`;
}

/** Blueprint intent of a status tag: pending is the one that needs someone. */
export const RESCUE_STATUS_INTENT: Record<number, 'danger' | 'warning' | 'primary' | 'success' | 'none'> = { 0: 'danger', 1: 'warning', 2: 'primary', 3: 'success', 4: 'none' };
