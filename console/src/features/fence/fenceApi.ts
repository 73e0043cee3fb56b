import type { FenceGeometry, FenceInput, MuckRules } from '@openfleet/contracts/fence';
import { api, LIST_ID } from '../../app/api';

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
  muck: MuckRules | null;
  companyId: string;
  remark: string;
  version: number;
}

export interface IssueRow {
  vehicleId: string;
  plateCode: string;
  state: string;
  stale: boolean;
  orderStatus: number;
  errorCode: number;
  updatedAt: number;
}

/** The fence service: /gps/fence (CRUD, bindings, issuing, states). */
export const fenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    fences: build.query<{ records: FenceRow[]; total: number }, { keyword?: string; size?: number }>({
      query: ({ keyword, size = 1000 }) => ({ url: 'gps/fence', params: { current: 1, size, ...(keyword ? { keyword } : {}) } }),
      providesTags: [{ type: 'Fence', id: LIST_ID }],
    }),
    saveFence: build.mutation<unknown, { id?: number; body: FenceInput }>({
      query: ({ id, body }) => ({ url: id ? `gps/fence/${id}` : 'gps/fence', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: [{ type: 'Fence', id: LIST_ID }],
    }),
    deleteFence: build.mutation<unknown, number>({
      query: (id) => ({ url: `gps/fence/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Fence', id: LIST_ID }],
    }),
    fenceIssues: build.query<IssueRow[], number>({
      query: (id) => ({ url: `gps/fence/${id}/issues` }),
      providesTags: (_result, _error, id) => [{ type: 'Fence', id: `issues-${id}` }],
    }),
    fenceEvents: build.query<{ kind: string; fenceName: string; at: number; latitude: number; longitude: number; blindArea: number }[], { vehicleId: string; startTime: string; endTime: string }>({
      query: (params) => ({ url: 'gps/fence/events', params, silent: true }),
    }),
    fenceAction: build.mutation<unknown, { id: number; action: 'bind' | 'unbind' | 'issue' | 'revoke'; vehicleIds?: string[]; fleetIds?: string[] }>({
      query: ({ id, action, vehicleIds, fleetIds }) => ({ url: `gps/fence/${id}/${action}`, method: 'POST', body: { vehicleIds, fleetIds } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Fence', id: `issues-${id}` }],
    }),
  }),
});

export const { useFencesQuery, useSaveFenceMutation, useDeleteFenceMutation, useFenceIssuesQuery, useFenceActionMutation, useLazyFenceEventsQuery } = fenceApi;
