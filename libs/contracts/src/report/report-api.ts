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
