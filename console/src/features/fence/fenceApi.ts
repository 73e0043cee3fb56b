import { fenceIssueBatchPrefix, type FenceHistoryEvent, type FenceInput, type FenceIssueRow, type FenceRow } from '@openfleet/contracts/fence';
import type { InstructionOrderEvent } from '@openfleet/contracts/instruction';
import { HubEvent } from '@openfleet/contracts/live';
import { api, LIST_ID } from '../../app/api';
import { listenWhileCached, trailing } from '../../app/use-live-socket';

export type { FenceRow } from '@openfleet/contracts/fence';

// A batch of order events (issuing to a fleet) costs one refetch; the fence service applies them first.
const ISSUES_REFETCH_MS = 500;

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
    fenceIssues: build.query<FenceIssueRow[], number>({
      query: (id) => ({ url: `gps/fence/${id}/issues` }),
      providesTags: (_result, _error, id) => [{ type: 'Fence', id: `issues-${id}` }],
      // The orders of this fence's issue and delete requests move its vehicles' states: the row shows
      // the order's status at once, the fence service's state with the refetch that follows.
      onCacheEntryAdded: (id, { dispatch, updateCachedData, cacheEntryRemoved }) => {
        const refetch = trailing(ISSUES_REFETCH_MS, () => dispatch(api.util.invalidateTags([{ type: 'Fence', id: `issues-${id}` }])));
        const onOrder = (order: InstructionOrderEvent) => {
          if (!order.batchId.startsWith(fenceIssueBatchPrefix(id))) return;
          updateCachedData((rows) => {
            const row = rows.find((item) => item.vehicleId === order.vehicleId);
            if (row) Object.assign(row, { orderStatus: order.status, errorCode: order.errorCode, updatedAt: order.at });
          });
          refetch();
        };
        return listenWhileCached(HubEvent.instructionOrder, onOrder, { cacheEntryRemoved });
      },
    }),
    fenceEvents: build.query<FenceHistoryEvent[], { vehicleId: string; startTime: string; endTime: string }>({
      query: (params) => ({ url: 'gps/fence/events', params, silent: true }),
    }),
    fenceAction: build.mutation<unknown, { id: number; action: 'bind' | 'unbind' | 'issue' | 'revoke'; vehicleIds?: string[]; fleetIds?: string[] }>({
      query: ({ id, action, vehicleIds, fleetIds }) => ({ url: `gps/fence/${id}/${action}`, method: 'POST', body: { vehicleIds, fleetIds } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Fence', id: `issues-${id}` }],
    }),
  }),
});

export const { useFencesQuery, useSaveFenceMutation, useDeleteFenceMutation, useFenceIssuesQuery, useFenceActionMutation, useLazyFenceEventsQuery } = fenceApi;
