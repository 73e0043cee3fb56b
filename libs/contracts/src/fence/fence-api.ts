import type { FenceGeometry, MuckRules } from './fence-model';

/** What the fence service answers the console (/gps/fence): types only, browser-safe (`@openfleet/contracts/fence`). */

/** One fence of the list. */
export interface FenceRow {
  id: number;
  name: string;
  type: number;
  geometry: FenceGeometry;
  attributes: number;
  startTime: string;
  endTime: string;
  maxSpeedKmh: number;
  overspeedDurationS: number;
  nightMaxSpeedKmh: number;
  maxStayS: number;
  /** 0: no engine speed limit. */
  rpmLimit: number;
  overRpmDurationS: number;
  muck: MuckRules | null;
  companyId: string;
  remark: string;
  version: number;
  /** True when the caller sees the fence only because it is bound to a vehicle granted to them: changing, binding or issuing it answers 7008. */
  readOnly?: boolean;
}

/** One vehicle's issue state for a fence (gps/fence/:id/issues); stale when the fence changed since. */
export interface FenceIssueRow {
  vehicleId: string;
  plateCode: string;
  state: string;
  stale: boolean;
  orderStatus: number;
  errorCode: number;
  updatedAt: number;
}

/** One fence event of a vehicle's history (gps/fence/events). */
export interface FenceHistoryEvent {
  kind: string;
  fenceName: string;
  at: number;
  latitude: number;
  longitude: number;
  blindArea: number;
}

/** Issue and delete requests carry this batch id prefix (`fence-<fenceId>-<uuid>`): their order events move the fence's issue states. */
export const fenceIssueBatchPrefix = (fenceId: number | string): string => `fence-${fenceId}-`;
