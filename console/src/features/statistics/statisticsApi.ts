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

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    mileageReport: build.query<Page<MileageRow, MileageSummary>, Paged<{ period: 'day' | 'month' }>>({ query: (params) => ({ url: 'gps/report/mileage', params }) }),
    onlineReport: build.query<Page<OnlineRow, OnlineSummary>, Paged>({ query: (params) => ({ url: 'gps/report/online', params }) }),
    operationReport: build.query<Page<OperationRow, OperationSummary>, Paged<{ groupBy: 'vehicle' | 'day' }>>({ query: (params) => ({ url: 'gps/report/operation', params }) }),
  }),
});

export const { useMileageReportQuery, useOnlineReportQuery, useOperationReportQuery } = statisticsApi;
