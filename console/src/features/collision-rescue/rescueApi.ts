import type { RescueCaseDetail, RescueCaseRow } from '@openfleet/contracts/alarm';
import { HubEvent } from '@openfleet/contracts/live';
import { api } from '../../app/api';
import { listenWhileCached, trailing } from '../../app/use-live-socket';
import type { TimedPageFilter } from '../table-screen/table-model';

export type { RescueCaseDetail, RescueCaseRow, RescueNearbyVehicle, RescueStep } from '@openfleet/contracts/alarm';

// A burst of case events costs one refetch.
const REFETCH_MS = 500;
const RESCUE_TAG = { type: 'Alarm', id: 'RESCUE' } as const;

export interface RescueFilter extends TimedPageFilter {
  type?: string;
  status?: number;
}

/** Collision rescue (/gps/rescue): the cases, one case's detail, the status workflow. New and moved cases arrive live (`rescueCase`). */
export const rescueApi = api.injectEndpoints({
  endpoints: (build) => ({
    rescuePage: build.query<{ records: RescueCaseRow[]; total: number }, RescueFilter>({
      query: (params) => ({ url: 'gps/rescue/page', params }),
      providesTags: [RESCUE_TAG],
      onCacheEntryAdded: (_filter, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(HubEvent.rescueCase, trailing(REFETCH_MS, () => dispatch(api.util.invalidateTags([RESCUE_TAG]))), { cacheEntryRemoved }),
    }),
    rescueCase: build.query<RescueCaseDetail, number>({
      query: (id) => ({ url: `gps/rescue/${id}` }),
      providesTags: [RESCUE_TAG],
    }),
    changeRescueStatus: build.mutation<RescueCaseRow, { id: number; status: number; remark?: string }>({
      query: ({ id, ...body }) => ({ url: `gps/rescue/${id}/status`, method: 'POST', body }),
      invalidatesTags: [RESCUE_TAG],
    }),
  }),
});

export const { useRescuePageQuery, useRescueCaseQuery, useChangeRescueStatusMutation } = rescueApi;
