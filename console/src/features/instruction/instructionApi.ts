import { api, LIST_ID } from '../../app/api';

/** An instruction order as the instruction service answers it (spec §3 order, §4 status 0-7). */
export interface InstructionOrder {
  id: number;
  batchId: string;
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  commandType: string;
  msgId: string;
  params: Record<string, unknown>;
  status: number;
  errorCode: number;
  offlinePolicy: 'fail' | 'queue';
  replyMsgId: string;
  replyResult: number | null;
  replyBody: Record<string, unknown> | null;
  operatorId: string;
  createdAt: number;
  sentAt: number;
  replyAt: number;
  /** Detail only: photos and uploads the order produced. */
  media?: MediaItem[];
}

export interface MediaItem {
  id: number;
  mediaId: number;
  mediaType: number;
  format: number;
  channel: number;
  size: number;
  receivedAt: number;
  url: string;
}

export interface SendOutcome {
  vehicleId: string;
  plateCode: string;
  orderId: string | null;
  status: number;
  errorCode: number;
}

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

export interface Paged<T> {
  records: T[];
  total: number;
}

export interface TerminalParameterRow {
  id: number;
  idHex: string;
  name: string;
  type: string;
  /** An object for the structured JT/T 1078 parameters (type struct). */
  value: number | string | Record<string, unknown> | null;
}

export interface TerminalParameters {
  vehicleId: string;
  plateCode: string;
  parametersAt: number;
  attributes: Record<string, unknown> | null;
  attributesAt: number;
  parameters: TerminalParameterRow[];
}

export interface RemoteLogRow {
  id: number;
  vehicleId: string;
  plateCode: string;
  operation: string;
  detail: string;
  orderId: number | null;
  result: number;
  errorCode: number;
  operatorId: string;
  createdAt: number;
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
    }),
    orderPage: build.query<Paged<InstructionOrder>, OrderFilter>({
      query: (params) => ({ url: 'gps/sendOrder/page', params }),
      providesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    cancelOrders: build.mutation<{ orderId: string; status: number; errorCode: number }[], string[]>({
      query: (orderIds) => ({ url: 'gps/sendOrder/cancel', method: 'POST', body: { orderIds } }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    resendOrders: build.mutation<SendOutcome[], string[]>({
      query: (orderIds) => ({ url: 'gps/sendOrder/resend', method: 'POST', body: { orderIds } }),
      invalidatesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    pendingCount: build.query<{ count: number; time: number }, void>({
      query: () => ({ url: 'gps/sendOrder/pendingCount', silent: true }),
      providesTags: [{ type: 'Order', id: 'PENDING' }],
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
