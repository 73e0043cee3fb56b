import type { PageQuery } from '../table-screen/table-model';
import type { AlarmFilter } from './alarmApi';

export interface AlarmFilters {
  startTime: string;
  endTime: string;
  type: string;
  level: string;
  handleStatus: string;
}

/** The list request of the table's page and the filters (only those set). */
export function alarmQuery(query: PageQuery, f: AlarmFilters): AlarmFilter {
  return {
    current: query.pageNo,
    size: query.pageSize,
    startTime: f.startTime,
    endTime: f.endTime,
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.level !== '' ? { level: Number(f.level) } : {}),
    ...(f.handleStatus !== '' ? { handleStatus: Number(f.handleStatus) } : {}),
  };
}
