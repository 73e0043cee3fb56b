import type { WaybillStatus } from '@openfleet/contracts/industry';
import type { PageQuery } from '../table-screen/table-model';

/** The filter bar of both lists; empty strings mean "any". Times are China time "YYYY-MM-DD HH:mm:ss". */
export interface WaybillFilter {
  readonly vehicleId: string;
  readonly driverName: string;
  readonly startTime: string;
  readonly endTime: string;
  /** The waybill list only: a state, or `late`. */
  readonly state: '' | WaybillStatus | 'late';
}

export const emptyWaybillFilter: WaybillFilter = { vehicleId: '', driverName: '', startTime: '', endTime: '', state: '' };

/** Why the filter cannot be asked for (an i18n key), or null. */
export function waybillFilterProblem(filter: WaybillFilter): string | null {
  if (filter.startTime && filter.endTime && filter.startTime > filter.endTime) return 'waybill.endBeforeStart';
  return null;
}

/** The list request: the table's page and keyword, the bar's choices, only the ones set. */
export function waybillListParams(filter: WaybillFilter, page?: PageQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (page) {
    params.current = page.pageNo;
    params.size = page.pageSize;
    if (page.keyword) params.keyword = page.keyword;
  }
  if (filter.vehicleId) params.vehicleIds = filter.vehicleId;
  if (filter.driverName.trim()) params.driverName = filter.driverName.trim();
  if (filter.startTime) params.startTime = filter.startTime;
  if (filter.endTime) params.endTime = filter.endTime;
  if (filter.state === 'late') params.late = 1;
  else if (filter.state) params.status = filter.state;
  return params;
}
