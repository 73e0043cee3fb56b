import type { WaybillInput, WaybillSendResult, WaybillUploadView, WaybillView } from '@openfleet/contracts/industry';
import { api } from '../../app/api';

export interface WaybillPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

const LIST = { type: 'Waybill', id: 'LIST' } as const;
const UPLOADS = { type: 'Waybill', id: 'UPLOADS' } as const;

/** The industry service's waybills (`/industry/waybill`); its tag is added here, not in the shared list. */
export const waybillApi = api.enhanceEndpoints({ addTagTypes: ['Waybill'] }).injectEndpoints({
  endpoints: (build) => ({
    waybills: build.query<WaybillPage<WaybillView>, Record<string, string | number>>({
      query: (params) => ({ url: 'industry/waybill', method: 'GET', params }),
      providesTags: [LIST],
    }),
    saveWaybill: build.mutation<unknown, { id?: number; body: WaybillInput }>({
      query: ({ id, body }) => ({ url: id === undefined ? 'industry/waybill' : `industry/waybill/${id}`, method: id === undefined ? 'POST' : 'PUT', body }),
      invalidatesTags: [LIST],
    }),
    deleteWaybills: build.mutation<number, readonly number[]>({
      // One DELETE per row; stops at the first refusal (its toast says why).
      async queryFn(ids, _api, _extra, baseQuery) {
        let done = 0;
        for (const id of ids) {
          const result = await baseQuery({ url: `industry/waybill/${id}`, method: 'DELETE' });
          if (result.error) return { error: result.error };
          done += 1;
        }
        return { data: done };
      },
      invalidatesTags: [LIST],
    }),
    sendWaybill: build.mutation<WaybillSendResult, number>({
      query: (id) => ({ url: `industry/waybill/${id}/send`, method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    /** Silent: a 5005 answer lists the rejected rows, shown in the import's own dialog. */
    importWaybills: build.mutation<{ imported: number }, FormData>({
      query: (body) => ({ url: 'industry/waybill/import', method: 'POST', body, silent: true }),
      invalidatesTags: [LIST],
    }),
    waybillUploads: build.query<WaybillPage<WaybillUploadView>, Record<string, string | number>>({
      query: (params) => ({ url: 'industry/waybill/uploads', method: 'GET', params }),
      providesTags: [UPLOADS],
    }),
  }),
});

export const { useWaybillsQuery, useSaveWaybillMutation, useDeleteWaybillsMutation, useSendWaybillMutation, useImportWaybillsMutation, useWaybillUploadsQuery } = waybillApi;
