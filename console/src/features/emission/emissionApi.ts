import type { EmissionObd, EmissionSeries, EmissionStream } from '@openfleet/contracts/emission';
import { api } from '../../app/api';
import type { PageResult } from '../table-screen/table-model';

export type { EmissionObd, EmissionSeries, EmissionStream };

export interface EmissionWindow {
  vehicleId: string;
  startTime: string;
  endTime: string;
}

type PageParams = EmissionWindow & { current: number; size: number };

export const emissionApi = api.injectEndpoints({
  endpoints: (build) => ({
    emissionStreams: build.query<PageResult<EmissionStream>, PageParams>({
      query: (params) => ({ url: 'energy/emission/streams', params }),
    }),
    emissionObd: build.query<PageResult<EmissionObd>, PageParams>({
      query: (params) => ({ url: 'energy/emission/obd', params }),
    }),
    emissionSeries: build.query<EmissionSeries, EmissionWindow>({
      query: (params) => ({ url: 'energy/emission/series', params }),
    }),
  }),
});

export const { useEmissionStreamsQuery, useEmissionObdQuery, useEmissionSeriesQuery } = emissionApi;
