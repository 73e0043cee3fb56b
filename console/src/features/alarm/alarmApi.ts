import { api, LIST_ID } from '../../app/api';

export interface AlarmRow {
  id: number;
  type: string;
  bit: number;
  level: number;
  source: string;
  terminalPhone: string;
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  endedAt: number;
  lastAt: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  maxSpeedKmh: number;
  blindArea: number;
  detail: Record<string, unknown> | null;
  handleStatus: number;
  handleResult: number;
  handleRemark: string;
  handlerId: string;
  handledAt: number;
}

/** One evidence file of an active-safety alarm (T/JSATL 12 attachment): 0 image, 1 audio, 2 video, 3 text, 4 other. */
export interface EvidenceFile {
  id: number;
  name: string;
  fileType: number;
  size: number;
  received: number;
  complete: boolean;
}

export interface AlarmEvidence {
  alarmNumber: string;
  expected: number;
  files: EvidenceFile[];
}

/** How the company wants one alarm type (alarmConfigNew). */
export interface AlarmTypeSetting {
  type: string;
  level: number;
  push: boolean;
  sound: boolean;
  needsHandling: boolean;
  custom: boolean;
}

export interface AlarmRules {
  overspeedKmh: number;
  overspeedS: number;
  fatigueDriveS: number;
  fatigueRestS: number;
  nightStart: string;
  nightEnd: string;
  offlineS: number;
  stoppedS: number;
}

export interface AlarmFilter {
  current: number;
  size: number;
  startTime: string;
  endTime: string;
  keyword?: string;
  type?: string;
  level?: number;
  handleStatus?: number;
}

/** The alarm service: /gps/alarm (list, count, handling). */
export const alarmApi = api.injectEndpoints({
  endpoints: (build) => ({
    alarmPage: build.query<{ records: AlarmRow[]; total: number }, AlarmFilter>({
      query: (params) => ({ url: 'gps/alarm/page', params }),
      providesTags: [{ type: 'Alarm', id: LIST_ID }],
    }),
    alarmCount: build.query<{ count: number; time: number }, number>({
      query: (hours) => ({ url: 'gps/alarm/count', params: { hours }, silent: true }),
      providesTags: [{ type: 'Alarm', id: 'COUNT' }],
    }),
    alarmStats: build.query<{ byType: Record<string, number>; byLevel: Record<string, number>; unhandled: number; hours: number }, number>({
      query: (hours) => ({ url: 'gps/alarm/stats', params: { hours }, silent: true }),
      providesTags: [{ type: 'Alarm', id: 'COUNT' }],
    }),
    alarmEvidence: build.query<AlarmEvidence | null, number>({
      query: (id) => ({ url: `gps/alarm/${id}/evidence`, silent: true }),
    }),
    alarmRules: build.query<AlarmRules & { companyId: string; vehicleType: number }, number>({
      query: (vehicleType) => ({ url: 'gps/alarm/rules', params: { vehicleType } }),
      providesTags: [{ type: 'Alarm', id: 'RULES' }],
    }),
    alarmTypeConfig: build.query<{ companyId: string; items: AlarmTypeSetting[] }, void>({
      query: () => ({ url: 'gps/alarm/type-config' }),
      providesTags: [{ type: 'Alarm', id: 'TYPES' }],
    }),
    saveAlarmTypeConfig: build.mutation<unknown, { items: Omit<AlarmTypeSetting, 'custom'>[] }>({
      query: (body) => ({ url: 'gps/alarm/type-config', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Alarm', id: 'TYPES' }],
    }),
    saveAlarmRules: build.mutation<unknown, AlarmRules & { vehicleType: number }>({
      query: (body) => ({ url: 'gps/alarm/rules', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Alarm', id: 'RULES' }],
    }),
    handleAlarms: build.mutation<{ handled: number }, { alarmIds: string[]; handleStatus: number; handleResult?: number; remark?: string }>({
      query: (body) => ({ url: 'gps/alarm/handle', method: 'POST', body }),
      invalidatesTags: [{ type: 'Alarm', id: LIST_ID }, { type: 'Alarm', id: 'COUNT' }],
    }),
  }),
});

export const { useAlarmEvidenceQuery, useAlarmPageQuery, useAlarmCountQuery, useAlarmStatsQuery, useHandleAlarmsMutation, useAlarmRulesQuery, useSaveAlarmRulesMutation, useAlarmTypeConfigQuery, useSaveAlarmTypeConfigMutation } = alarmApi;
