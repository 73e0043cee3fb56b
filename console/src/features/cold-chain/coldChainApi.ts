import type { ColdChainCurve, ColdChainExcursion, ColdChainLiveRow, ColdChainProfile, ColdChainProfileInput, ColdChainReport, ColdChainSettings, ColdChainSettingsInput } from '@openfleet/contracts/industry';
import { api } from '../../app/api';

/** Place filter of the monitor and the report ('' and undefined left out: the API refuses empty ids). */
export interface ColdChainFilter {
  readonly startTime?: string;
  readonly endTime?: string;
  readonly companyId?: string;
  readonly plateCode?: string;
  /** One vehicle (the multiCar info panel) or several, comma-separated. */
  readonly vehicleIds?: string;
  readonly current: number;
  readonly size: number;
}

export interface ColdChainPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

const params = (filter: object) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

/** The industry service's cold chain (`/industry/coldChain`). Pages re-ask after a change themselves (no shared tag). */
export const coldChainApi = api.injectEndpoints({
  endpoints: (build) => ({
    coldChainLive: build.query<ColdChainPage<ColdChainLiveRow>, ColdChainFilter>({
      query: (filter) => ({ url: 'industry/coldChain/live', method: 'GET', params: params(filter) }),
    }),
    coldChainCurve: build.query<ColdChainCurve, { vehicleId: string; startTime: string; endTime: string }>({
      query: (query) => ({ url: 'industry/coldChain/curve', method: 'GET', params: query }),
    }),
    coldChainReport: build.query<ColdChainReport, ColdChainFilter>({
      query: (filter) => ({ url: 'industry/coldChain/report', method: 'GET', params: params(filter) }),
    }),
    coldChainExcursions: build.query<ColdChainPage<ColdChainExcursion>, ColdChainFilter>({
      query: (filter) => ({ url: 'industry/coldChain/excursions', method: 'GET', params: params(filter) }),
    }),
    coldChainProfiles: build.query<ColdChainProfile[], void>({
      query: () => ({ url: 'industry/coldChain/profiles', method: 'GET' }),
    }),
    coldChainSettings: build.query<ColdChainSettings | null, string>({
      query: (vehicleId) => ({ url: 'industry/coldChain/settings', method: 'GET', params: { vehicleId } }),
    }),
    saveColdChainSettings: build.mutation<ColdChainSettings, ColdChainSettingsInput>({
      query: (body) => ({ url: 'industry/coldChain/settings', method: 'PUT', body }),
    }),
    createColdChainProfile: build.mutation<ColdChainProfile, ColdChainProfileInput & { companyId: string }>({
      query: (body) => ({ url: 'industry/coldChain/profiles', method: 'POST', body }),
    }),
    updateColdChainProfile: build.mutation<ColdChainProfile, ColdChainProfileInput & { profileId: string }>({
      query: ({ profileId, ...body }) => ({ url: `industry/coldChain/profiles/${encodeURIComponent(profileId)}`, method: 'PUT', body }),
    }),
    deleteColdChainProfile: build.mutation<null, string>({
      query: (profileId) => ({ url: `industry/coldChain/profiles/${encodeURIComponent(profileId)}`, method: 'DELETE' }),
    }),
  }),
});

export const { useColdChainLiveQuery, useColdChainCurveQuery, useColdChainReportQuery, useColdChainExcursionsQuery, useColdChainProfilesQuery, useColdChainSettingsQuery, useSaveColdChainSettingsMutation, useCreateColdChainProfileMutation, useUpdateColdChainProfileMutation, useDeleteColdChainProfileMutation } = coldChainApi;
