import type { DrivingRecordPage, RecorderScheduleView } from '@openfleet/contracts/report';
import { api } from '../../app/api';
import type { VehicleWindow } from '../monitor/VehicleWindowFrame';

export type { DrivingRecordPage, DrivingRecordView, RecorderScheduleView } from '@openfleet/contracts/report';

export interface SpeedCurve {
  speed: [number, number][];
  status: [number, number][];
  truncated: boolean;
}

export interface ScheduleSave {
  vehicleId?: string;
  words: number[];
  maxBlocks: number;
  enabled: boolean;
}

const RECORDS = { type: 'VehicleRecord', id: 'DRIVING_RECORD' } as const;
const SCHEDULES = { type: 'VehicleRecord', id: 'RECORDER_SCHEDULE' } as const;

/** /monitor/drivingRecord: stored GB/T 19056 blocks (tracking) and the daily collection schedules (instruction). */
export const drivingRecordApi = api.injectEndpoints({
  endpoints: (build) => ({
    drivingRecords: build.query<DrivingRecordPage, VehicleWindow & { command: number; current: number; size: number }>({
      query: (params) => ({ url: 'gps/drivingRecord/records', params }),
      providesTags: [RECORDS],
    }),
    speedCurve: build.query<SpeedCurve, VehicleWindow>({ query: (params) => ({ url: 'gps/drivingRecord/speedCurve', params }), providesTags: [RECORDS] }),
    recorderSchedules: build.query<RecorderScheduleView[], void>({ query: () => ({ url: 'gps/recorderSchedule' }), providesTags: [SCHEDULES] }),
    saveRecorderSchedule: build.mutation<RecorderScheduleView, ScheduleSave>({ query: (body) => ({ url: 'gps/recorderSchedule', method: 'POST', body }), invalidatesTags: [SCHEDULES] }),
    deleteRecorderSchedule: build.mutation<null, number>({ query: (id) => ({ url: `gps/recorderSchedule/${id}`, method: 'DELETE' }), invalidatesTags: [SCHEDULES] }),
  }),
});

export const { useDrivingRecordsQuery, useSpeedCurveQuery, useRecorderSchedulesQuery, useSaveRecorderScheduleMutation, useDeleteRecorderScheduleMutation } = drivingRecordApi;
