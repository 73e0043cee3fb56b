import type { FuelCurve, FuelEventKind, FuelEventView, FuelExportKind, FuelExportTaskView, FuelReport } from '@openfleet/contracts/vehicle-service';
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
      // Silent: the chart says why itself (its fallback when the ledger is away, a refusal in words), no toast.
      query: (params) => ({ url: 'vehicleService/fuel/curve', method: 'GET', params, silent: true }),
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
    // Offline downloads of the report and the events: their own list (the header's download centre is tracking's).
    fuelExportTasks: build.query<FuelPage<FuelExportTaskView>, void>({
      query: () => ({ url: 'vehicleService/fuel/export-task', method: 'GET', params: { current: 1, size: 50 } }),
      providesTags: [{ type: 'ExportTask', id: 'fuel' }],
    }),
    createFuelExportTask: build.mutation<FuelExportTaskView, { kind: FuelExportKind; params: Record<string, unknown> }>({
      query: (body) => ({ url: 'vehicleService/fuel/export-task', method: 'POST', body }),
      invalidatesTags: [{ type: 'ExportTask', id: 'fuel' }],
    }),
    deleteFuelExportTask: build.mutation<unknown, number>({
      query: (id) => ({ url: `vehicleService/fuel/export-task/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ExportTask', id: 'fuel' }],
    }),
  }),
});

export const { useFuelCurveQuery, useFuelEventsQuery, useFuelReportQuery, useFuelExportTasksQuery, useCreateFuelExportTaskMutation, useDeleteFuelExportTaskMutation } = fuelApi;
