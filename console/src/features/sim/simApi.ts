import { api, LIST_ID } from '../../app/api';
import type { PageQuery, PageResult } from '../table-screen/table-model';

/** A SIM card as the admin API answers it (assumed shape, see docs/console.md). */
export interface SimCard {
  readonly id: number;
  readonly simNo: string;
  readonly iccid?: string | null;
  readonly imsi?: string | null;
  /** 1 China Mobile, 2 China Unicom, 3 China Telecom. */
  readonly operator?: number | null;
  /** 0 disabled, 1 enabled. */
  readonly status: number;
  readonly companyName?: string | null;
  readonly terminalNo?: string | null;
  readonly createTime?: string | null;
  readonly remark?: string | null;
}

export type SimCardInput = Omit<SimCard, 'id' | 'companyName' | 'terminalNo' | 'createTime'> & {
  readonly id?: number;
};

export const simApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSimPage: build.query<PageResult<SimCard>, PageQuery>({
      query: (params) => ({ url: 'basic/sim/page', method: 'GET', params: { ...params } }),
      providesTags: (result) => [
        { type: 'Sim' as const, id: LIST_ID },
        ...(result?.records ?? []).map((sim) => ({ type: 'Sim' as const, id: sim.id })),
      ],
    }),
    addSim: build.mutation<unknown, SimCardInput>({
      query: (body) => ({ url: 'basic/sim/add', method: 'POST', body }),
      invalidatesTags: [{ type: 'Sim', id: LIST_ID }],
    }),
    updateSim: build.mutation<unknown, SimCardInput & { readonly id: number }>({
      query: (body) => ({ url: 'basic/sim/update', method: 'POST', body }),
      invalidatesTags: (_result, _error, sim) => [
        { type: 'Sim', id: sim.id },
        { type: 'Sim', id: LIST_ID },
      ],
    }),
    deleteSims: build.mutation<unknown, readonly number[]>({
      query: (ids) => ({ url: 'basic/sim/delete', method: 'POST', body: { ids } }),
      invalidatesTags: [{ type: 'Sim', id: LIST_ID }],
    }),
  }),
});

export const { useGetSimPageQuery, useAddSimMutation, useUpdateSimMutation, useDeleteSimsMutation } = simApi;
