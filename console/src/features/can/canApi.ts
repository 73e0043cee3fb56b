import type { CanSignal } from '@openfleet/contracts/report';
import { api } from '../../app/api';
import type { VehicleWindow } from '../monitor/VehicleWindowFrame';

export type { CanSignal };

export interface CanFrame {
  time: string;
  at: number;
  seq: number;
  channel: number;
  busId: number;
  busIdHex: string;
  data: string;
  signals: { id: number; name: string; unit: string; value: number | null }[];
}

export interface CanSeries {
  series: { id: number; name: string; unit: string; points: [number, number][] }[];
  truncated: boolean;
}

export const canApi = api.injectEndpoints({
  endpoints: (build) => ({
    canSignals: build.query<CanSignal[], void>({ query: () => ({ url: 'gps/can/signals' }), providesTags: [{ type: 'Catalogue', id: 'CAN' }] }),
    saveCanSignal: build.mutation<CanSignal, Omit<CanSignal, 'id'> & { id?: number }>({
      query: ({ id, ...body }) => ({ url: id ? `gps/can/signals/${id}` : 'gps/can/signals', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: [{ type: 'Catalogue', id: 'CAN' }],
    }),
    deleteCanSignal: build.mutation<null, number>({ query: (id) => ({ url: `gps/can/signals/${id}`, method: 'DELETE' }), invalidatesTags: [{ type: 'Catalogue', id: 'CAN' }] }),
    canFrames: build.query<{ records: CanFrame[]; total: number }, VehicleWindow & { current: number; size: number }>({
      query: (params) => ({ url: 'gps/can/frames', params }),
      providesTags: [{ type: 'Catalogue', id: 'CAN' }],
    }),
    canSeries: build.query<CanSeries, VehicleWindow & { signalIds: string }>({ query: (params) => ({ url: 'gps/can/series', params }), providesTags: [{ type: 'Catalogue', id: 'CAN' }] }),
  }),
});

export const { useCanSignalsQuery, useSaveCanSignalMutation, useDeleteCanSignalMutation, useCanFramesQuery, useCanSeriesQuery } = canApi;
