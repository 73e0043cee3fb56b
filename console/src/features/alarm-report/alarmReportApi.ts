import { api } from '../../app/api';

export type ReportKind = 'overspeed' | 'fatigue';

export interface ReportRow {
  id: number;
  type: string;
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  endedAt: number;
  durationS: number;
  maxSpeedKmh: number;
  limitKmh: number | null;
  latitude: number;
  longitude: number;
  handleStatus: number;
}

export interface RankRow {
  vehicleId: string;
  plateCode: string;
  count: number;
  durationS: number;
}

export interface HandlingStatsRow {
  key: string;
  total: number;
  unhandled: number;
  handled: number;
  notProcessed: number;
  future: number;
  rate: number;
}

export interface ReportWindow {
  startTime: string;
  endTime: string;
  keyword?: string;
}

/** The alarm service's reports: /gps/alarm/report. */
export const alarmReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    alarmReport: build.query<{ records: ReportRow[]; total: number }, { kind: ReportKind; params: ReportWindow & { current: number; size: number } }>({
      query: ({ kind, params }) => ({ url: `gps/alarm/report/${kind}`, params }),
    }),
    alarmReportTop: build.query<{ byCount: RankRow[]; byDuration: RankRow[] }, { kind: ReportKind; params: ReportWindow }>({
      query: ({ kind, params }) => ({ url: `gps/alarm/report/${kind}/top`, params }),
    }),
    handlingStats: build.query<HandlingStatsRow[], ReportWindow & { groupBy: 'type' | 'company' | 'day' }>({
      query: (params) => ({ url: 'gps/alarm/report/handling', params }),
    }),
  }),
});

export const { useAlarmReportQuery, useAlarmReportTopQuery, useHandlingStatsQuery } = alarmReportApi;
