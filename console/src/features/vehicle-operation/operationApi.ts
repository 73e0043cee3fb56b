import type { ServiceRenewal, ServiceTermCounts, SpecialBusiness } from '@openfleet/contracts/vehicle-service';
import { api, LIST_ID } from '../../app/api';
import type { Resource } from '../table-screen/resource-api';

// The operation lists share the records' tag: a change to one refreshes its list and the counters.
export const operatingRelationResource: Resource = { path: 'vehicleService/operatingRelation', tag: 'VehicleRecord', paged: true };
export const serviceTermResource: Resource = { path: 'vehicleService/serviceTerm', tag: 'VehicleRecord', paged: true };
export const specialBusinessResource: Resource = { path: 'vehicleService/specialBusiness', tag: 'VehicleRecord', paged: true };

const list = { type: 'VehicleRecord' as const, id: LIST_ID };

/** The calls of the operation screens beyond list/save/delete: counters, renewals, review. */
export const operationApi = api.injectEndpoints({
  endpoints: (build) => ({
    serviceTermCounts: build.query<ServiceTermCounts, void>({
      query: () => ({ url: 'vehicleService/serviceTerm/counts', method: 'GET' }),
      providesTags: [list],
    }),
    serviceRenewals: build.query<ServiceRenewal[], number>({
      query: (termId) => ({ url: `vehicleService/serviceTerm/${termId}/renewals`, method: 'GET' }),
      providesTags: [list],
    }),
    renewServiceTerm: build.mutation<{ id: number }, { termId: number; body: { newEnd: string; packageName?: string; fee?: number; paid?: boolean; remark?: string } }>({
      query: ({ termId, body }) => ({ url: `vehicleService/serviceTerm/${termId}/renew`, method: 'POST', body }),
      invalidatesTags: [list],
    }),
    reviewSpecialBusiness: build.mutation<SpecialBusiness, { id: number; approved: boolean; comment?: string }>({
      query: ({ id, approved, comment }) => ({ url: `vehicleService/specialBusiness/${id}/review`, method: 'POST', body: { approved, comment } }),
      invalidatesTags: [list],
    }),
  }),
});

export const { useServiceTermCountsQuery, useServiceRenewalsQuery, useRenewServiceTermMutation, useReviewSpecialBusinessMutation } = operationApi;
