import type { FaultKindSummary, FaultRow } from '@openfleet/contracts/alarm';
import { api } from '../../app/api';
import type { TimedPageFilter } from '../table-screen/table-model';

export type { FaultKindSummary, FaultRow } from '@openfleet/contracts/alarm';

const FAULT_TAG = { type: 'Alarm', id: 'FAULT' } as const;

export interface FaultFilter extends TimedPageFilter {
  kind?: string;
  source?: string;
  status?: number;
}

/** Device and vehicle faults (/gps/fault): the list and the summary per kind. */
export const faultApi = api.injectEndpoints({
  endpoints: (build) => ({
    faultPage: build.query<{ records: FaultRow[]; total: number }, FaultFilter>({
      query: (params) => ({ url: 'gps/fault/page', params }),
      providesTags: [FAULT_TAG],
    }),
    faultSummary: build.query<FaultKindSummary[], Omit<FaultFilter, 'current' | 'size'>>({
      query: (params) => ({ url: 'gps/fault/summary', params }),
      providesTags: [FAULT_TAG],
    }),
  }),
});

export const { useFaultPageQuery, useFaultSummaryQuery } = faultApi;
