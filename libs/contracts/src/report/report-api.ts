// What the report APIs answer (`/gps/report`, `/gps/can`), shared by the tracking service and the console.

/** How one signal sits in a CAN frame's 8 data bytes: a row of the signal table (DBC-like). */
export interface CanSignalLayout {
  /** The 29-bit bus id (11-bit for standard frames) the signal is carried in. */
  busId: number;
  /** Intel: the least significant bit; Motorola: the most significant bit, in DBC numbering (byte * 8 + bit, bit 7 the byte's top). */
  startBit: number;
  bitLength: number;
  byteOrder: 'intel' | 'motorola';
  signed: boolean;
  factor: number;
  offset: number;
}

/** A stored signal of the table. */
export interface CanSignal extends CanSignalLayout {
  id: number;
  name: string;
  unit: string;
}

/** The driving-behaviour figures a score is computed from (docs/reports.md). */
export interface BehaviourFigures {
  mileageKm: number;
  harshAccelCount: number;
  harshBrakeCount: number;
  harshTurnCount: number;
  overspeedCount: number;
  fatigueCount: number;
  nightDrivingS: number;
}

/** A driver record as the driver ID report lists it. */
export interface DriverRecordView {
  vehicleId: string;
  plateCode: string;
  time: string;
  at: number;
  /** card: the IC card reader (0x0702); recorder: the tachograph's log (GB/T 19056 12H). */
  source: 'card' | 'recorder';
  /** 1 inserted / logged in, 2 removed / logged out, 0 a 2011 identity report. */
  event: number;
  icResult: number | null;
  name: string | null;
  licence: string | null;
  issuer: string | null;
  expiry: string | null;
  idCard: string | null;
}

/** What an offline download task exports (tracking's /gps/export-task). */
export type ExportTaskKind = 'mileage' | 'online' | 'operation' | 'track';

/** An offline download task as tracking answers it; statuses per spec §4 (`ExportTaskStatus`, `ExportDownloadStatus`). */
export interface ExportTaskView {
  id: number;
  kind: ExportTaskKind;
  title: string;
  taskStatus: number;
  downloadStatus: number;
  progress: number;
  rows: number;
  fileSize: number | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
  expiresAt: number | null;
  /** The file was deleted after its time (TRACKING_EXPORT_TTL_H). */
  expired: boolean;
}

/** A vehicle as a report row names it (registry fields; fleetId the vehicle's own fleet, '' for none). */
export interface ReportVehicleView {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  fleetId: string;
}

/** One page of a report (`/gps/report/*`), with the figures of every matching row, not just the page's. */
export interface ReportPage<Row, Summary> {
  records: Row[];
  total: number;
  current: number;
  size: number;
  summary: Summary;
}

/** A company's or a fleet's line of a report summary. */
export type ReportGroupTotal<Figures> = { id: string; vehicles: number } & Figures;

/** `/gps/report/mileage`: km per period (day or month) of one vehicle. */
export interface MileageRow extends ReportVehicleView {
  mileages: number[];
  mileageTotal: number;
}
export interface MileageSummary {
  periods: string[];
  mileageTotal: number;
  periodTotals: number[];
  companies: ReportGroupTotal<{ mileageKm: number }>[];
  fleets: ReportGroupTotal<{ mileageKm: number }>[];
}

/** `/gps/report/online`: online seconds per day of one vehicle. */
export interface OnlineRow extends ReportVehicleView {
  onlineS: number[];
  onlineDays: number;
  onlineTotalS: number;
}
export interface OnlineSummary {
  days: string[];
  vehicles: number;
  /** Percent, the mean of the days' rates. */
  onlineRate: number;
  neverOnline: number;
  daily: { day: string; online: number; total: number; rate: number }[];
  companies: ReportGroupTotal<{ onlineRate: number }>[];
  fleets: ReportGroupTotal<{ onlineRate: number }>[];
}

/** `/gps/report/online/trend`: vehicles online in each slot of one day. */
export interface OnlineTrend {
  day: string;
  intervalMin: number;
  vehicles: number;
  slots: { at: number; online: number }[];
}

/** `/gps/report/operation`: one vehicle, or one vehicle-day (`day` is '' when grouped by vehicle). */
export interface OperationRow extends ReportVehicleView {
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
}
export interface OperationSummary {
  days: string[];
  mileageKm: number;
  drivingS: number;
  idleS: number;
  fuelL: number;
  tripCount: number;
  overspeedCount: number;
}

/** The behaviour figures with the driving time, the overspeed time and the score computed from them. */
export type BehaviourScore = BehaviourFigures & { drivingS: number; overspeedS: number; score: number; grade: 'A' | 'B' | 'C' | 'D' };

/** `/gps/report/driving-behavior`: one vehicle's figures. */
export type BehaviourRow = ReportVehicleView & BehaviourScore;
export type BehaviourSummary = BehaviourScore & { days: string[] };

/** `/gps/report/driver-rating`: one driver's figures (by certificate, else name). */
export type DriverRatingRow = BehaviourScore & { name: string; licence: string; plates: string[]; days: number };
export interface DriverRatingSummary {
  days: string[];
  drivers: number;
  /** Vehicle-days driven with no card inserted. */
  unidentifiedDays: number;
}

/** `/gps/report/overspeed-drivers`: the top 10 by count and by time. */
export type OverspeedDrivers = Record<'byCount' | 'byDuration', { name: string; licence: string; count: number; durationS: number }[]>;
export * from './driving-record-api';
