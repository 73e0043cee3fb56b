import { formatChinaTime } from '@openfleet/contracts/time';
import type { FuelFilter } from './fuelApi';

/** The fuel pages' filter bar: China days, company and fleet ('' = any). */
export interface FuelFilterDraft {
  readonly from: string;
  readonly to: string;
  readonly companyId: string;
  readonly fleetId: string;
}

const DAY_MS = 86_400_000;
/** The API's longest window for the events list and the report. */
export const FUEL_WINDOW_DAYS = 31;

const chinaDay = (ms: number) => formatChinaTime(ms).slice(0, 10);

/** The last seven China days, today included. */
export function lastWeek(now = Date.now()): FuelFilterDraft {
  return { from: chinaDay(now - 6 * DAY_MS), to: chinaDay(now), companyId: '', fleetId: '' };
}

/** Why the draft cannot be asked for (i18n key), or null. */
export function fuelFilterProblem(draft: FuelFilterDraft): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.from) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.to)) return 'vehicleService.badDate';
  if (draft.from > draft.to) return 'vehicleService.endBeforeStart';
  const days = (Date.parse(`${draft.to}T00:00:00Z`) - Date.parse(`${draft.from}T00:00:00Z`)) / DAY_MS + 1;
  return days > FUEL_WINDOW_DAYS ? 'fuel.windowLimit' : null;
}

/** The API's filter: whole China days, the plate from the table's keyword, unset ids left out. */
export function fuelFilter(draft: FuelFilterDraft, plateCode = ''): FuelFilter {
  return {
    startTime: `${draft.from} 00:00:00`,
    endTime: `${draft.to} 23:59:59`,
    ...(draft.companyId ? { companyId: draft.companyId } : {}),
    ...(draft.fleetId ? { fleetId: draft.fleetId } : {}),
    ...(plateCode.trim() ? { plateCode: plateCode.trim() } : {}),
  };
}
