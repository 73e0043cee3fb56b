import type { AlarmRankRow, AlarmReportKind, AlarmReportRow, HandlingStatsRow } from '@openfleet/contracts/alarm';
import { api } from '../../app/api';

export interface ReportWindow {
  startTime: string;
  endTime: string;
  keyword?: string;
}

/** The alarm service's reports: /gps/alarm/report. */
export const alarmReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    alarmReport: build.query<{ records: AlarmReportRow[]; total: number }, { kind: AlarmReportKind; params: ReportWindow & { current: number; size: number } }>({
      query: ({ kind, params }) => ({ url: `gps/alarm/report/${kind}`, params }),
    }),
    alarmReportTop: build.query<{ byCount: AlarmRankRow[]; byDuration: AlarmRankRow[] }, { kind: AlarmReportKind; params: ReportWindow }>({
      query: ({ kind, params }) => ({ url: `gps/alarm/report/${kind}/top`, params }),
    }),
    handlingStats: build.query<HandlingStatsRow[], ReportWindow & { groupBy: 'type' | 'company' | 'day' }>({
      query: (params) => ({ url: 'gps/alarm/report/handling', params }),
    }),
  }),
});

export const { useAlarmReportQuery, useAlarmReportTopQuery, useHandlingStatsQuery } = alarmReportApi;
