import type { HubPayload } from '@openfleet/contracts/live';
import type { BehaviourFigures as ReportBehaviour, DriverRecordView, ExportTaskKind, ExportTaskView } from '@openfleet/contracts/report';
import { api } from '../../app/api';

/** The filters every statistics report takes (tracking's /gps/report). */
export interface ReportFilter {
  startTime: string;
  endTime: string;
  plateCode?: string;
}

interface Vehicle {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  fleetId: string;
}

interface Page<Row, Summary> {
  records: Row[];
  total: number;
  summary: Summary;
}

export type MileageRow = Vehicle & { mileages: number[]; mileageTotal: number };
export interface MileageSummary {
  periods: string[];
  mileageTotal: number;
  periodTotals: number[];
}

export type OnlineRow = Vehicle & { onlineS: number[]; onlineDays: number; onlineTotalS: number };
export interface OnlineSummary {
  days: string[];
  vehicles: number;
  onlineRate: number;
  neverOnline: number;
  daily: { day: string; online: number; total: number; rate: number }[];
}

export type OperationRow = Vehicle & {
  day: string;
  mileageKm: number;
  drivingS: number;
  idleS: number;
  parkedS: number;
  tripCount: number;
  stopCount: number;
  maxSpeedKmh: number;
  averageSpeedKmh: number;
  fuelL: number;
  overspeedCount: number;
  overspeedS: number;
};
export interface OperationSummary {
  days: string[];
  mileageKm: number;
  drivingS: number;
  idleS: number;
  fuelL: number;
  tripCount: number;
  overspeedCount: number;
}

type Paged<Extra = object> = ReportFilter & Extra & { current: number; size: number };

/** The behaviour figures and score of a vehicle or a driver (docs/reports.md). */
export type BehaviourFigures = ReportBehaviour & { drivingS: number; score: number; grade: 'A' | 'B' | 'C' | 'D' };

export type BehaviourRow = Vehicle & BehaviourFigures;
export type DriverRatingRow = BehaviourFigures & { name: string; licence: string; plates: string[]; days: number };

export type DriverRecord = DriverRecordView;

export interface PowerRecord {
  vehicleId: string;
  plateCode: string;
  time: string;
  event: number;
}

/** An offline download task (tracking's /gps/export-task). */
export type ExportTask = ExportTaskView;
export type ExportKind = ExportTaskKind;

/** The live hub's event of a task's progress (the owner's sockets only). */
export type ExportTaskEvent = HubPayload<'exportTask'>;

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    drivingBehavior: build.query<Page<BehaviourRow, BehaviourFigures>, Paged>({ query: (params) => ({ url: 'gps/report/driving-behavior', params }) }),
    driverRating: build.query<Page<DriverRatingRow, { drivers: number; unidentifiedDays: number }>, Paged>({ query: (params) => ({ url: 'gps/report/driver-rating', params }) }),
    overspeedDrivers: build.query<Record<'byCount' | 'byDuration', { name: string; licence: string; count: number; durationS: number }[]>, ReportFilter>({
      query: (params) => ({ url: 'gps/report/overspeed-drivers', params }),
    }),
    onlineTrend: build.query<{ day: string; intervalMin: number; vehicles: number; slots: { at: number; online: number }[] }, ReportFilter & { intervalMin: number }>({
      query: (params) => ({ url: 'gps/report/online/trend', params }),
    }),
    driverRecords: build.query<{ records: DriverRecord[]; total: number }, Paged>({ query: (params) => ({ url: 'gps/report/driver-records', params }) }),
    powerRecords: build.query<{ records: PowerRecord[]; total: number }, Paged>({ query: (params) => ({ url: 'gps/report/power-records', params }) }),
    exportTasks: build.query<{ records: ExportTask[]; total: number }, { taskStatus?: number; current: number; size: number }>({
      query: (params) => ({ url: 'gps/export-task', params }),
      providesTags: [{ type: 'ExportTask', id: 'LIST' }],
    }),
    createExportTask: build.mutation<ExportTask, { kind: ExportKind; params: Record<string, unknown> }>({
      query: (body) => ({ url: 'gps/export-task', method: 'POST', body }),
      invalidatesTags: [{ type: 'ExportTask', id: 'LIST' }],
    }),
    moveExportTask: build.mutation<ExportTask, { id: number; action: 'pause' | 'resume' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `gps/export-task/${id}/${action}`, method: 'POST' }),
      invalidatesTags: [{ type: 'ExportTask', id: 'LIST' }],
    }),
    deleteExportTask: build.mutation<null, number>({
      query: (id) => ({ url: `gps/export-task/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ExportTask', id: 'LIST' }],
    }),
    mileageReport: build.query<Page<MileageRow, MileageSummary>, Paged<{ period: 'day' | 'month' }>>({ query: (params) => ({ url: 'gps/report/mileage', params }) }),
    onlineReport: build.query<Page<OnlineRow, OnlineSummary>, Paged>({ query: (params) => ({ url: 'gps/report/online', params }) }),
    operationReport: build.query<Page<OperationRow, OperationSummary>, Paged<{ groupBy: 'vehicle' | 'day' }>>({ query: (params) => ({ url: 'gps/report/operation', params }) }),
  }),
});

export const {
  useMileageReportQuery,
  useOnlineReportQuery,
  useOperationReportQuery,
  useExportTasksQuery,
  useDriverRecordsQuery,
  useOverspeedDriversQuery,
  useOnlineTrendQuery,
  useDrivingBehaviorQuery,
  useDriverRatingQuery,
  usePowerRecordsQuery,
  useCreateExportTaskMutation,
  useMoveExportTaskMutation,
  useDeleteExportTaskMutation,
} = statisticsApi;
