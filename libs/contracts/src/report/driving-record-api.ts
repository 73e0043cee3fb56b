// The driving record screen (/monitor/drivingRecord): GB/T 19056 data collected through 0x8700 and
// answered in 0x0700, as tracking stores it, and the daily collection schedules of instruction.

/** Command words the screen lists: the header data (00H-07H) and the record words (08H-15H). */
export const DRIVING_RECORD_WORDS: readonly number[] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15];

/** Record words (a time range and a block count in the collect request). */
export const DRIVING_RECORD_RANGED_WORDS: readonly number[] = [0x08, 0x09, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15];

/** The longest window of one query (the 09H location records reach back 360 h). */
export const DRIVING_RECORD_WINDOW_DAYS = 15;

/**
 * `/gps/drivingRecord/records`: one stored block of a command word. `time` is the record's own
 * time (08H/09H/11H/15H start, 10H end, 12H-14H event time) or, for the header words, the time
 * the answer was received; `data` holds the fields libs/jt808 parses (GB/T 19056 appendix A).
 */
export interface DrivingRecordView {
  vehicleId: string;
  plateCode: string;
  command: number;
  time: string;
  at: number;
  receivedTime: string;
  data: Record<string, unknown>;
}

export interface DrivingRecordPage {
  records: DrivingRecordView[];
  total: number;
  current: number;
  size: number;
}

/**
 * `/gps/recorderSchedule`: a daily collection of chosen command words, for every vehicle of a
 * company (`vehicleId` null) or for one vehicle (which then replaces its company's schedule).
 */
export interface RecorderScheduleView {
  id: number;
  companyId: string;
  vehicleId: string | null;
  plateCode: string;
  words: number[];
  /** The most blocks asked per record word (the request's block count). */
  maxBlocks: number;
  enabled: boolean;
  updatedAt: number;
}

/** What one schedule sweep did: `ran` false when another instance held the lease or today's run was done. */
export interface RecorderSweepOutcome {
  ran: boolean;
  day: string;
  orders: number;
}
