import type { AlarmCount, AlarmEvidence, AlarmRow, AlarmRules, AlarmTypeSetting } from '@openfleet/contracts/alarm';
import { HubEvent } from '@openfleet/contracts/live';
import { api, LIST_ID } from '../../app/api';
import { listenWhileCached, trailing } from '../../app/use-live-socket';
import type { TimedPageFilter } from '../table-screen/table-model';

export type { AlarmEvidence, AlarmRow, AlarmRules, AlarmTypeSetting, EvidenceFile } from '@openfleet/contracts/alarm';

// A burst of alarms costs one refetch of the counts.
const COUNT_REFETCH_MS = 1000;

export interface AlarmFilter extends TimedPageFilter {
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
    alarmCount: build.query<AlarmCount, number>({
      query: (hours) => ({ url: 'gps/alarm/count', params: { hours }, silent: true }),
      providesTags: [{ type: 'Alarm', id: 'COUNT' }],
      // Alarms arriving move the count; handling by others has no event (the badge polls for that).
      onCacheEntryAdded: (_hours, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(HubEvent.alarm, trailing(COUNT_REFETCH_MS, () => dispatch(api.util.invalidateTags([{ type: 'Alarm', id: 'COUNT' }]))), { cacheEntryRemoved }),
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
