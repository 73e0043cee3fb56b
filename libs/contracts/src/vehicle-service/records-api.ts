/**
 * What the vehicle-service's records part answers the console (/vehicleService/<kind>): the five
 * record kinds of spec §3 (insurance, maintenance, annual inspection, violation, accident), types
 * and browser-safe constants only. Dates are China dates "YYYY-MM-DD", times China times
 * "YYYY-MM-DD HH:mm:ss"; money in yuan (2 decimals); odometers in km.
 */

/** The URL segment of each kind: `/vehicleService/<kind>`. */
export type RecordKind = 'insurance' | 'maintenance' | 'inspection' | 'violation' | 'accident';

export const RECORD_KINDS: readonly RecordKind[] = ['insurance', 'maintenance', 'inspection', 'violation', 'accident'];

/** The menu screen of each kind: its action codes are `<screen>:add|modify|delete|search|import|export`. */
export const RECORD_SCREENS: Readonly<Record<RecordKind, string>> = {
  insurance: 'insuranceManage',
  maintenance: 'maintenanceManage',
  inspection: 'annualInspection',
  violation: 'violationManage',
  accident: 'accidentManage',
};

/** Insurance types (险种): 1 compulsory traffic insurance, 2 commercial, 3 carrier's liability, 9 other. */
export const INSURANCE_TYPES = [1, 2, 3, 9] as const;
/** Accident nature: 1 minor, 2 ordinary, 3 serious, 4 extraordinarily serious (轻微/一般/重大/特大). */
export const ACCIDENT_NATURES = [1, 2, 3, 4] as const;
/** Accident liability: 1 full, 2 main, 3 equal, 4 secondary, 5 none. */
export const ACCIDENT_LIABILITIES = [1, 2, 3, 4, 5] as const;
/** Accident status: 1 pending, 2 being handled, 3 closed. */
export const ACCIDENT_STATUSES = [1, 2, 3] as const;

/** Insurance status on the caller's day (China date): not yet started, in force, expired. */
export type InsuranceStatus = 'upcoming' | 'active' | 'expired';

/** Columns every record has. */
export interface VehicleRecordBase {
  id: number;
  vehicleId: string;
  /** The plate when the record was written (the list shows it without asking admin). */
  plateCode: string;
  companyId: string;
  remark: string;
  attachmentCount: number;
  /** User id of the writer. */
  createdBy: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

export interface InsuranceRecord extends VehicleRecordBase {
  policyNo: string;
  /** {@link INSURANCE_TYPES}. */
  insuranceType: number;
  insurer: string;
  premium: number;
  insuredAmount: number;
  startDate: string;
  endDate: string;
  status: InsuranceStatus;
}

export interface MaintenanceRecord extends VehicleRecordBase {
  serviceDate: string;
  /** Odometer at the service. */
  odometerKm: number;
  /** Fee, tax included. */
  fee: number;
  /** Person or workshop. */
  servicedBy: string;
  items: string;
  nextServiceKm: number | null;
  nextServiceDate: string | null;
}

export interface InspectionRecord extends VehicleRecordBase {
  agent: string;
  registrationDate: string;
  inspectionDate: string;
  validUntil: string;
  fee: number;
}

export interface ViolationRecord extends VehicleRecordBase {
  driverId: string;
  driverName: string;
  occurredAt: string;
  place: string;
  violationCode: string;
  act: string;
  fineAmount: number;
  points: number;
  agent: string;
  handled: boolean;
}

export interface AccidentRecord extends VehicleRecordBase {
  driverId: string;
  driverName: string;
  occurredAt: string;
  place: string;
  /** {@link ACCIDENT_NATURES}. */
  nature: number;
  /** {@link ACCIDENT_LIABILITIES}. */
  liability: number;
  loss: number;
  handler: string;
  /** {@link ACCIDENT_STATUSES}. */
  status: number;
  description: string;
}

export interface RecordOfKind {
  insurance: InsuranceRecord;
  maintenance: MaintenanceRecord;
  inspection: InspectionRecord;
  violation: ViolationRecord;
  accident: AccidentRecord;
}

/** What a create or edit sends: the record's fields without the server's columns. */
export type RecordInput<K extends RecordKind> = Omit<RecordOfKind[K], keyof VehicleRecordBase | 'status'> & {
  vehicleId: string;
  remark?: string;
} & (K extends 'accident' ? { status: number } : unknown);

/**
 * List query (GET /vehicleService/<kind>): `keyword` matches the plate; `startTime`/`endTime`
 * bound the kind's main date (insurance end date, maintenance service date, inspection date,
 * violation and accident time); `status`: insurance upcoming|active|expired, violation 0|1
 * (handled), accident 1|2|3.
 */
export interface RecordListQuery {
  current?: number;
  size?: number;
  keyword?: string;
  vehicleId?: string;
  companyId?: string;
  fleetId?: string;
  startTime?: string;
  endTime?: string;
  status?: string;
}

export interface RecordPage<K extends RecordKind> {
  records: RecordOfKind[K][];
  total: number;
  current: number;
  size: number;
}

/** An attachment (photo or PDF) of a record: GET .../<id>/attachments/<attachmentId> serves the bytes. */
export interface RecordAttachment {
  id: number;
  fileName: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  createdAt: number;
}

/** Attachments per record and bytes per file (spec §10: uploads at most 2 MB). */
export const RECORD_ATTACHMENT_LIMITS = { perRecord: 10, maxBytes: 2 * 1024 * 1024 } as const;

/** POST /vehicleService/<kind>/import answers the count; a bad row answers 5005 with `RecordImportProblem[]`. */
export interface RecordImportResult {
  imported: number;
}

export interface RecordImportProblem {
  /** Row number as Excel shows it (the header is row 1). */
  row: number;
  reasons: string[];
}
