import type { FuelCurve, FuelEventKind, FuelEventView, FuelReport } from '@openfleet/contracts/vehicle-service';
import { api } from '../../app/api';

/** The window and scope the events list, the report and their exports share (China times). */
export interface FuelFilter {
  readonly startTime: string;
  readonly endTime: string;
  readonly companyId?: string;
  readonly fleetId?: string;
  readonly plateCode?: string;
}

export interface FuelPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

type Paged = { readonly current: number; readonly size: number };

/** Only the fields that are set: the API's DTOs refuse empty strings for ids. */
export function fuelParams(filter: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
}

/** The vehicle-service's fuel ledger (`/vehicleService/fuel`). */
export const fuelApi = api.injectEndpoints({
  endpoints: (build) => ({
    fuelCurve: build.query<FuelCurve, { vehicleId: string; startTime: string; endTime: string }>({
      query: (params) => ({ url: 'vehicleService/fuel/curve', method: 'GET', params }),
      providesTags: [{ type: 'Fuel', id: 'LIST' }],
    }),
    fuelEvents: build.query<FuelPage<FuelEventView>, FuelFilter & Paged & { kind?: FuelEventKind }>({
      query: (filter) => ({ url: 'vehicleService/fuel/events', method: 'GET', params: fuelParams(filter) }),
      providesTags: [{ type: 'Fuel', id: 'LIST' }],
    }),
    fuelReport: build.query<FuelReport, FuelFilter & Paged & { groupBy?: 'vehicle' | 'day' }>({
      query: (filter) => ({ url: 'vehicleService/fuel/report', method: 'GET', params: fuelParams(filter) }),
      providesTags: [{ type: 'Fuel', id: 'LIST' }],
    }),
  }),
});

export const { useFuelCurveQuery, useFuelEventsQuery, useFuelReportQuery } = fuelApi;
