import { timedPageQuery, type PageQuery } from '../table-screen/table-model';
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
  return timedPageQuery(query, f, { text: { type: f.type }, numbers: { level: f.level, handleStatus: f.handleStatus } });
}
