import type { BusLineStrip, BusLineView, BusStopEventView } from '@openfleet/contracts/industry';
import { api } from '../../app/api';

export interface BusPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

/** The industry service's bus lines (`/industry/busLine`): the monitor's line picker, its live strip and the stop events. */
export const busLineApi = api.injectEndpoints({
  endpoints: (build) => ({
    busLineChoices: build.query<BusPage<BusLineView>, void>({
      query: () => ({ url: 'industry/busLine', method: 'GET', params: { current: 1, size: 1000 } }),
    }),
    // Polled while the monitor is open: the strip comes from the stored states, so any instance answers it.
    busLineStrip: build.query<BusLineStrip, number>({
      query: (lineId) => ({ url: `industry/busLine/${lineId}/strip`, method: 'GET', silent: true }),
      keepUnusedDataFor: 0,
    }),
    busStopEvents: build.query<BusPage<BusStopEventView>, { lineId: number; startTime: string; endTime: string; current: number; size: number; keyword?: string }>({
      query: ({ lineId, ...params }) => ({ url: `industry/busLine/${lineId}/stopEvents`, method: 'GET', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
    }),
  }),
});

export const { useBusLineChoicesQuery, useBusLineStripQuery, useBusStopEventsQuery } = busLineApi;
