import type { RecordKind } from '@openfleet/contracts';
import { RECORD_SCREENS } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { SheetColumn } from '@openfleet/service-kit';
import { AccidentDto, AccidentRow, InspectionDto, InspectionRow, InsuranceDto, InsuranceRow, MaintenanceDto, MaintenanceRow, ViolationDto, ViolationRow } from './record.dto';
import { AccidentEntity, InspectionEntity, InsuranceEntity, MaintenanceEntity, ViolationEntity, type VehicleRecordColumns } from './record.entities';

export type RecordFields = Record<string, unknown> & { vehicleId: string; remark?: string };

/** A status filter: the SQL condition on alias `r` for a status value, undefined when the value is not one. */
type StatusFilter = (status: string, today: string) => { sql: string; params: Record<string, unknown> } | undefined;

/** How one record kind is listed, checked, imported and exported. */
export interface RecordKindSpec {
  kind: RecordKind;
  /** Menu screen: action codes `<screen>:add|modify|delete|search|import|export`. */
  screen: string;
  entity: new () => VehicleRecordColumns;
  /** Body of create/edit (vehicle by id) and imported row (vehicle by plate). */
  dto: new () => object;
  row: new () => object;
  /** The column the time window bounds, and whether it holds a time (19 chars) or a date (10). */
  mainDate: { column: string; withTime: boolean };
  /** Newest first. */
  order: string[];
  /** Sheet columns (import template and export); `plateCode` first. */
  columns: SheetColumn[];
  numeric: string[];
  dates: string[];
  times: string[];
  booleans: string[];
  /** Fields that identify the same record of a vehicle (a duplicate answers 1002). */
  naturalKey: string[];
  /** Rules across fields (end after start ...): throws the kind's code. */
  check?: (fields: RecordFields) => void;
  status?: StatusFilter;
  /** Fields the list answers that are computed from the row. */
  derive?: (row: Record<string, unknown>, today: string) => Record<string, unknown>;
}

const plateColumn: SheetColumn = { key: 'plateCode', header: '车牌号', width: 14 };
const remarkColumn: SheetColumn = { key: 'remark', header: '备注', width: 24 };
const intIn = (values: number[]) => (status: string) => (/^\d$/.test(status) && values.includes(Number(status)) ? Number(status) : undefined);

const insuranceStatus = (row: Record<string, unknown>, today: string) => ({
  status: String(row.startDate) > today ? 'upcoming' : String(row.endDate) < today ? 'expired' : 'active',
});

export const RECORD_KIND_SPECS: Readonly<Record<RecordKind, RecordKindSpec>> = {
  insurance: {
    kind: 'insurance',
    screen: RECORD_SCREENS.insurance,
    entity: InsuranceEntity,
    dto: InsuranceDto,
    row: InsuranceRow,
    mainDate: { column: 'end_date', withTime: false },
    order: ['end_date'],
    columns: [
      plateColumn,
      { key: 'policyNo', header: '保单号', width: 22 },
      { key: 'insuranceType', header: '险种(1交强险 2商业险 3承运人责任险 9其他)', width: 20 },
      { key: 'insurer', header: '保险公司', width: 20 },
      { key: 'premium', header: '保费(元)' },
      { key: 'insuredAmount', header: '保额(元)' },
      { key: 'startDate', header: '开始日期' },
      { key: 'endDate', header: '结束日期' },
      remarkColumn,
    ],
    numeric: ['insuranceType', 'premium', 'insuredAmount'],
    dates: ['startDate', 'endDate'],
    times: [],
    booleans: [],
    naturalKey: ['policyNo', 'insuranceType'],
    check: (fields) => {
      if (String(fields.endDate) < String(fields.startDate)) throw new AppError(ErrorCode.INSURANCE_PERIOD_INVALID, { data: { field: 'endDate' } });
    },
    status: (status, today) => {
      if (status === 'upcoming') return { sql: 'r.start_date > :today', params: { today } };
      if (status === 'active') return { sql: 'r.start_date <= :today AND r.end_date >= :today', params: { today } };
      if (status === 'expired') return { sql: 'r.end_date < :today', params: { today } };
      return undefined;
    },
    derive: insuranceStatus,
  },
  maintenance: {
    kind: 'maintenance',
    screen: RECORD_SCREENS.maintenance,
    entity: MaintenanceEntity,
    dto: MaintenanceDto,
    row: MaintenanceRow,
    mainDate: { column: 'service_date', withTime: false },
    order: ['service_date', 'odometer_km'],
    columns: [
      plateColumn,
      { key: 'serviceDate', header: '保养日期' },
      { key: 'odometerKm', header: '保养里程(km)' },
      { key: 'fee', header: '费用(含税,元)' },
      { key: 'servicedBy', header: '保养人/维修厂', width: 20 },
      { key: 'items', header: '保养项目', width: 30 },
      { key: 'nextServiceKm', header: '下次保养里程(km)' },
      { key: 'nextServiceDate', header: '下次保养日期' },
      remarkColumn,
    ],
    numeric: ['odometerKm', 'fee', 'nextServiceKm'],
    dates: ['serviceDate', 'nextServiceDate'],
    times: [],
    booleans: [],
    naturalKey: ['serviceDate', 'odometerKm'],
    check: (fields) => {
      const nextKm = fields.nextServiceKm as number | undefined;
      const nextDate = fields.nextServiceDate as string | undefined;
      if ((nextKm !== undefined && nextKm !== null && nextKm <= Number(fields.odometerKm)) || (nextDate && nextDate <= String(fields.serviceDate))) {
        throw new AppError(ErrorCode.MAINTENANCE_NEXT_INVALID, { data: { field: nextDate && nextDate <= String(fields.serviceDate) ? 'nextServiceDate' : 'nextServiceKm' } });
      }
    },
  },
  inspection: {
    kind: 'inspection',
    screen: RECORD_SCREENS.inspection,
    entity: InspectionEntity,
    dto: InspectionDto,
    row: InspectionRow,
    mainDate: { column: 'inspection_date', withTime: false },
    order: ['inspection_date'],
    columns: [
      plateColumn,
      { key: 'agent', header: '经办人', width: 14 },
      { key: 'registrationDate', header: '注册日期' },
      { key: 'inspectionDate', header: '年检日期' },
      { key: 'validUntil', header: '有效期至' },
      { key: 'fee', header: '费用(元)' },
      remarkColumn,
    ],
    numeric: ['fee'],
    dates: ['registrationDate', 'inspectionDate', 'validUntil'],
    times: [],
    booleans: [],
    naturalKey: ['inspectionDate'],
    check: (fields) => {
      if (String(fields.validUntil) < String(fields.inspectionDate)) throw new AppError(ErrorCode.INSPECTION_VALIDITY_INVALID, { data: { field: 'validUntil' } });
    },
  },
  violation: {
    kind: 'violation',
    screen: RECORD_SCREENS.violation,
    entity: ViolationEntity,
    dto: ViolationDto,
    row: ViolationRow,
    mainDate: { column: 'occurred_at', withTime: true },
    order: ['occurred_at'],
    columns: [
      plateColumn,
      { key: 'driverName', header: '驾驶员' },
      { key: 'occurredAt', header: '违章时间', width: 20 },
      { key: 'place', header: '违章地点', width: 24 },
      { key: 'violationCode', header: '违章代码' },
      { key: 'act', header: '违章行为', width: 24 },
      { key: 'fineAmount', header: '罚款金额(元)' },
      { key: 'points', header: '扣分' },
      { key: 'agent', header: '经办人' },
      { key: 'handled', header: '是否处理(是/否)' },
      remarkColumn,
    ],
    numeric: ['fineAmount', 'points'],
    dates: [],
    times: ['occurredAt'],
    booleans: ['handled'],
    naturalKey: ['occurredAt', 'violationCode'],
    status: (status) => {
      const handled = intIn([0, 1])(status);
      return handled === undefined ? undefined : { sql: 'r.handled = :handled', params: { handled } };
    },
  },
  accident: {
    kind: 'accident',
    screen: RECORD_SCREENS.accident,
    entity: AccidentEntity,
    dto: AccidentDto,
    row: AccidentRow,
    mainDate: { column: 'occurred_at', withTime: true },
    order: ['occurred_at'],
    columns: [
      plateColumn,
      { key: 'driverName', header: '驾驶员' },
      { key: 'occurredAt', header: '事故时间', width: 20 },
      { key: 'place', header: '事故地点', width: 24 },
      { key: 'nature', header: '事故性质(1轻微 2一般 3重大 4特大)', width: 18 },
      { key: 'liability', header: '事故责任(1全责 2主责 3同责 4次责 5无责)', width: 18 },
      { key: 'loss', header: '损失金额(元)' },
      { key: 'handler', header: '处理人' },
      { key: 'status', header: '状态(1待处理 2处理中 3已结案)', width: 16 },
      { key: 'description', header: '事故经过', width: 30 },
      remarkColumn,
    ],
    numeric: ['nature', 'liability', 'loss', 'status'],
    dates: [],
    times: ['occurredAt'],
    booleans: [],
    naturalKey: ['occurredAt'],
    status: (status) => {
      const value = intIn([1, 2, 3])(status);
      return value === undefined ? undefined : { sql: 'r.status = :status', params: { status: value } };
    },
  },
};
