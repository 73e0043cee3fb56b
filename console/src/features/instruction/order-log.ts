import type { OrderFilter } from './instructionApi';
import type { PageQuery } from '../table-screen/table-model';

/** The log's own filters beside the table's keyword (plate) and paging. */
export interface OrderLogFilters {
  status: string;
  commandType: string;
  startTime: string;
  endTime: string;
}

/** The order page request: the table's page and keyword, and only the filters that are set. */
export function orderQuery(query: PageQuery, filters: OrderLogFilters): OrderFilter {
  return {
    current: query.pageNo,
    size: query.pageSize,
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(filters.status !== '' ? { status: Number(filters.status) } : {}),
    ...(filters.commandType ? { commandType: filters.commandType } : {}),
    ...(filters.startTime ? { startTime: filters.startTime } : {}),
    ...(filters.endTime ? { endTime: filters.endTime } : {}),
  };
}

/** Which selected orders a button can act on: cancel only those not yet delivered, resend only finished ones. */
export function actionable(statuses: readonly number[]): { cancel: boolean; resend: boolean } {
  return {
    cancel: statuses.length > 0 && statuses.every((status) => status === 0 || status === 5),
    resend: statuses.length > 0 && statuses.every((status) => [1, 2, 3, 4, 6].includes(status)),
  };
}

/**
 * Rows whose new value differs from what the terminal last reported (terminalProM "send changes"). A
 * structured value (JT/T 1078) is edited as hex bytes, so any entry for it is a change.
 */
export function changedParameters(rows: readonly { id: number; value: number | string | Record<string, unknown> | null }[], edits: Readonly<Record<number, string>>): { id: number; value: string }[] {
  const differs = (reported: number | string | Record<string, unknown> | null, edit: string) => (typeof reported === 'object' && reported !== null) || edit !== String(reported ?? '');
  return rows
    .filter((row) => edits[row.id] !== undefined && edits[row.id].trim() !== '' && differs(row.value, edits[row.id].trim()))
    .map((row) => ({ id: row.id, value: edits[row.id].trim() }));
}
