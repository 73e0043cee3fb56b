import type { RecordListQuery } from '@openfleet/contracts/vehicle-service';
import type { PageQuery } from '../table-screen/table-model';

/** The filter bar of a record screen; empty strings mean "any". Dates are China dates `YYYY-MM-DD`. */
export interface RecordFilter {
  readonly companyId: string;
  readonly fleetId: string;
  readonly from: string;
  readonly to: string;
  readonly status: string;
}

export const emptyRecordFilter: RecordFilter = { companyId: '', fleetId: '', from: '', to: '', status: '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why the window cannot be asked for (an i18n key), or null. */
export function filterProblem(filter: RecordFilter): string | null {
  if ((filter.from && !DATE.test(filter.from)) || (filter.to && !DATE.test(filter.to))) return 'vehicleService.badDate';
  if (filter.from && filter.to && filter.from > filter.to) return 'vehicleService.endBeforeStart';
  return null;
}

/**
 * The list request of a record screen: the table's page and keyword (the plate), the bar's company,
 * fleet and status, and the window as whole China days (the API compares the kind's date or time
 * as text, so the end is the day's last second).
 */
export function recordListQuery(filter: RecordFilter, page: PageQuery): RecordListQuery {
  const query: { -readonly [K in keyof RecordListQuery]: RecordListQuery[K] } = { current: page.pageNo, size: page.pageSize };
  if (page.keyword) query.keyword = page.keyword;
  if (filter.companyId) query.companyId = filter.companyId;
  // A fleet is the narrower choice: it alone says where to look.
  if (filter.fleetId) query.fleetId = filter.fleetId;
  if (filter.from) query.startTime = `${filter.from} 00:00:00`;
  if (filter.to) query.endTime = `${filter.to} 23:59:59`;
  if (filter.status) query.status = filter.status;
  return query;
}
