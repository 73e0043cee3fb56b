import { HubEvent } from '@openfleet/contracts/live';
import type { InstructionOrder, InstructionOrderEvent, Paged, PendingOrderCount, RemoteLogRow, SendOutcome, TerminalParameters } from '@openfleet/contracts/instruction';
import { api, LIST_ID } from '../../app/api';
import { listenWhileCached, trailing } from '../../app/use-live-socket';

export type { InstructionOrder, OrderMediaItem as MediaItem, Paged, RemoteLogRow, SendOutcome, TerminalParameterRow, TerminalParameters } from '@openfleet/contracts/instruction';

// A batch moves many orders at once: one refetch per second at most.
const ORDER_REFETCH_MS = 1000;

export interface SendRequest {
  commandType: string;
  vehicleIds: string[];
  params?: Record<string, unknown>;
  offlinePolicy?: 'fail' | 'queue';
  expireMinutes?: number;
  timeoutS?: number;
}

export interface OrderFilter {
  current: number;
  size: number;
  status?: number;
  commandType?: string;
  vehicleId?: string;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}

/** Every call of the instruction service (/gps/sendOrder, /gps/terminalParams, /gps/vehicleLimit, /gps/remoteControl). */
export const instructionApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendOrder: build.mutation<SendOutcome[], SendRequest>({
      query: (body) => ({ url: 'gps/sendOrder/send', method: 'POST', body }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    order: build.query<InstructionOrder, string>({
      query: (id) => ({ url: `gps/sendOrder/${id}`, silent: true }),
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
      // The order's own events (status, reply) refetch it: the answer carries what the event does not (media, params).
      onCacheEntryAdded: (id, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(
          HubEvent.instructionOrder,
          (order: InstructionOrderEvent) => {
            if (order.orderId === id) dispatch(api.util.invalidateTags([{ type: 'Order', id }]));
          },
          { cacheEntryRemoved },
        ),
    }),
    orderPage: build.query<Paged<InstructionOrder>, OrderFilter>({
      query: (params) => ({ url: 'gps/sendOrder/page', params }),
      providesTags: [{ type: 'Order', id: LIST_ID }],
      onCacheEntryAdded: (_filter, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(HubEvent.instructionOrder, trailing(ORDER_REFETCH_MS, () => dispatch(api.util.invalidateTags([{ type: 'Order', id: LIST_ID }]))), { cacheEntryRemoved }),
    }),
    cancelOrders: build.mutation<{ orderId: string; status: number; errorCode: number }[], string[]>({
      query: (orderIds) => ({ url: 'gps/sendOrder/cancel', method: 'POST', body: { orderIds } }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    resendOrders: build.mutation<SendOutcome[], string[]>({
      query: (orderIds) => ({ url: 'gps/sendOrder/resend', method: 'POST', body: { orderIds } }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    pendingCount: build.query<PendingOrderCount, void>({
      query: () => ({ url: 'gps/sendOrder/pendingCount', silent: true }),
      providesTags: [{ type: 'Order', id: 'PENDING' }],
      onCacheEntryAdded: (_arg, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(HubEvent.instructionOrder, trailing(ORDER_REFETCH_MS, () => dispatch(api.util.invalidateTags([{ type: 'Order', id: 'PENDING' }]))), { cacheEntryRemoved }),
    }),
    terminalParams: build.query<TerminalParameters, string>({
      query: (vehicleId) => ({ url: `gps/terminalParams/${vehicleId}` }),
      providesTags: (_result, _error, vehicleId) => [{ type: 'TerminalParams', id: vehicleId }],
    }),
    vehicleLimit: build.query<{ capable: boolean; authPhone: string; passwordSet: boolean; locked: boolean }, string>({
      query: (vehicleId) => ({ url: `gps/vehicleLimit/${vehicleId}` }),
    }),
    lockStart: build.mutation<{ wizardId: string; phone: string }, { vehicleId: string; action: 'lock' | 'unlock'; reason: string }>({
      query: (body) => ({ url: 'gps/vehicleLimit/start', method: 'POST', body }),
    }),
    lockVerify: build.mutation<boolean, { wizardId: string; code: string }>({
      query: (body) => ({ url: 'gps/vehicleLimit/verify', method: 'POST', body }),
    }),
    lockConfirm: build.mutation<SendOutcome, { wizardId: string; password: string }>({
      query: (body) => ({ url: 'gps/vehicleLimit/confirm', method: 'POST', body }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    remoteControl: build.mutation<SendOutcome, { vehicleId: string; operation: string }>({
      query: (body) => ({ url: 'gps/remoteControl/send', method: 'POST', body }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    remoteLog: build.query<Paged<RemoteLogRow>, { current: number; size: number; vehicleId?: string; keyword?: string; startTime?: string; endTime?: string }>({
      query: (params) => ({ url: 'gps/remoteControl/log', params }),
    }),
  }),
});

export const {
  useSendOrderMutation,
  useOrderQuery,
  useOrderPageQuery,
  useCancelOrdersMutation,
  useResendOrdersMutation,
  usePendingCountQuery,
  useTerminalParamsQuery,
  useVehicleLimitQuery,
  useLockStartMutation,
  useLockVerifyMutation,
  useLockConfirmMutation,
  useRemoteControlMutation,
  useRemoteLogQuery,
} = instructionApi;
