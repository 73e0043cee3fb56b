import type { HubPayload } from '@openfleet/contracts/live';
import type {
  BehaviourRow,
  BehaviourScore,
  BehaviourSummary,
  DriverRatingRow,
  DriverRatingSummary,
  DriverRecordView,
  ExportTaskKind,
  ExportTaskView,
  MileageRow,
  MileageSummary,
  OnlineRow,
  OnlineSummary,
  OnlineTrend,
  OperationRow,
  OperationSummary,
  OverspeedDrivers,
  ReportPage,
} from '@openfleet/contracts/report';
import { api } from '../../app/api';

/** The filters every statistics report takes (tracking's /gps/report). */
export interface ReportFilter {
  startTime: string;
  endTime: string;
  plateCode?: string;
}

type Paged<Extra = object> = ReportFilter & Extra & { current: number; size: number };

export type { BehaviourRow, DriverRatingRow, MileageRow, OnlineRow, OperationRow };
/** The behaviour figures and score of a vehicle or a driver (docs/reports.md). */
export type BehaviourFigures = BehaviourScore;

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
    drivingBehavior: build.query<ReportPage<BehaviourRow, BehaviourSummary>, Paged>({ query: (params) => ({ url: 'gps/report/driving-behavior', params }) }),
    driverRating: build.query<ReportPage<DriverRatingRow, DriverRatingSummary>, Paged>({ query: (params) => ({ url: 'gps/report/driver-rating', params }) }),
    overspeedDrivers: build.query<OverspeedDrivers, ReportFilter>({
      query: (params) => ({ url: 'gps/report/overspeed-drivers', params }),
    }),
    onlineTrend: build.query<OnlineTrend, ReportFilter & { intervalMin: number }>({
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
    mileageReport: build.query<ReportPage<MileageRow, MileageSummary>, Paged<{ period: 'day' | 'month' }>>({ query: (params) => ({ url: 'gps/report/mileage', params }) }),
    onlineReport: build.query<ReportPage<OnlineRow, OnlineSummary>, Paged>({ query: (params) => ({ url: 'gps/report/online', params }) }),
    operationReport: build.query<ReportPage<OperationRow, OperationSummary>, Paged<{ groupBy: 'vehicle' | 'day' }>>({ query: (params) => ({ url: 'gps/report/operation', params }) }),
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
