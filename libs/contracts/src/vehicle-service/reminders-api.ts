/**
 * What the vehicle-service's reminders part answers the console (/vehicleService/reminders) and
 * pushes (the hub's `reminders` event, topic vehicle-service.reminders.v1): types and browser-safe
 * constants only.
 */

/** What falls due: an insurance policy, an annual inspection, a maintenance (service). */
export const ReminderKind = { INSURANCE: 'insurance', INSPECTION: 'inspection', MAINTENANCE: 'maintenance' } as const;
export type ReminderKind = (typeof ReminderKind)[keyof typeof ReminderKind];
export const REMINDER_KINDS: readonly ReminderKind[] = [ReminderKind.INSURANCE, ReminderKind.INSPECTION, ReminderKind.MAINTENANCE];

/** 0 unread, 1 read, 2 done (handled: renewed, inspected, serviced). */
export const ReminderStatus = { UNREAD: 0, READ: 1, DONE: 2 } as const;
export type ReminderStatus = (typeof ReminderStatus)[keyof typeof ReminderStatus];

/**
 * Which threshold a reminder marks, one reminder per (record, kind, threshold):
 * `days:30` (due in 30 days or fewer), `days:7`, `days:1`, `overdue` (the due date passed),
 * `km` (mileage since the last service reached next-service minus the margin), `km-overdue`
 * (reached the next-service mileage itself).
 */
export type ReminderThreshold = `days:${number}` | 'overdue' | 'km' | 'km-overdue';

/** One reminder (list row and live event body). Dates are China dates `YYYY-MM-DD`, times epoch ms. */
export interface ReminderRow {
  id: number;
  kind: ReminderKind;
  threshold: ReminderThreshold;
  /** The record it is about (insurance policy, inspection or maintenance record id). */
  recordId: number;
  vehicleId: string;
  companyId: string;
  plateCode: string;
  /** The record's due date (policy end, inspection valid-until, next service date), if it has one. */
  dueDate: string | null;
  /** Days from the sweep's day to dueDate (negative: overdue). */
  daysLeft: number | null;
  /** Maintenance: the next-service interval in km (next-service odometer minus the last service's). */
  serviceIntervalKm: number | null;
  /** Maintenance: km driven since the last service, from tracking's daily mileage. */
  mileageSinceServiceKm: number | null;
  /** Maintenance: at this vehicle's average daily distance, the day the service falls due. */
  predictedDueDate: string | null;
  status: ReminderStatus;
  createdAt: number;
  readAt: number | null;
  doneAt: number | null;
}

/** The live `reminders` event: new reminders of one company, and the roles that receive them (empty: every role). */
export interface ReminderEvent {
  companyId: string;
  vehicleId: string;
  roleIds: string[];
  reminders: ReminderRow[];
}

/** GET /vehicleService/reminders/counts: unread reminders for the header badges and the home screen. */
export interface ReminderCounts {
  /** Every unread reminder (the header's "messages" badge). */
  messages: number;
  insurance: number;
  inspection: number;
  maintenance: number;
}

/** GET /vehicleService/reminders/page: filters (all optional). */
export interface ReminderListQuery {
  kind?: ReminderKind;
  status?: ReminderStatus;
  vehicleId?: string;
  plateCode?: string;
  /** Created from/to, China time `YYYY-MM-DD HH:mm:ss`. */
  startTime?: string;
  endTime?: string;
  /** 1-based page and page size (house paging). */
  current?: number;
  size?: number;
}

/** One page of reminders. */
export interface ReminderPage {
  records: ReminderRow[];
  total: number;
  current: number;
  size: number;
}

/** POST /vehicleService/reminders/read and /done: the reminders to mark (batch). Answers how many changed. */
export interface ReminderMarkRequest {
  ids: number[];
}

/** A company's reminder settings (GET/PUT /vehicleService/reminders/settings). */
export interface ReminderSettings {
  companyId: string;
  insurance: boolean;
  inspection: boolean;
  maintenance: boolean;
  /** How early, in days before the due date (default 30, 7, 1); at most 5 values, 1-365. */
  daysBefore: number[];
  /** Also remind once the due date passed. */
  overdue: boolean;
  /** Maintenance by distance: remind this many km before the next-service mileage. */
  maintenanceMarginKm: number;
  /** Roles that receive the pushes; empty: every user of the company. */
  roleIds: string[];
}

export const DEFAULT_REMINDER_SETTINGS: Omit<ReminderSettings, 'companyId'> = {
  insurance: true,
  inspection: true,
  maintenance: true,
  daysBefore: [30, 7, 1],
  overdue: true,
  maintenanceMarginKm: 500,
  roleIds: [],
};
