import { ACCIDENT_LIABILITIES, ACCIDENT_NATURES, ACCIDENT_STATUSES, INSURANCE_TYPES, type RecordKind } from '@openfleet/contracts/vehicle-service';
import { codeOptions } from '../master-data/rules';
import type { FieldOption } from '../table-screen/table-model';

/**
 * How one field of a record is edited, sent and shown: `money` and `km` are decimals, `int` whole
 * numbers, `code` one of the contract's numeric codes (labelled `<codes>.<n>`), `flag` a yes/no
 * (violation handled), `driver` the driver picked from the driver list (id and name are sent).
 */
export type RecordValue = 'text' | 'textarea' | 'money' | 'km' | 'int' | 'date' | 'datetime' | 'code' | 'flag' | 'driver';

export interface RecordField {
  readonly name: string;
  readonly value: RecordValue;
  /** Defaults to `<kind i18n>.<name>`. */
  readonly labelKey?: string;
  readonly required?: boolean;
  readonly maxLength?: number;
  /** `code`: the allowed codes and the i18n prefix naming them. */
  readonly codes?: { readonly values: readonly number[]; readonly prefix: string };
  /** Sent as null when left empty (the next service is optional); otherwise empty numbers are 0. */
  readonly nullable?: boolean;
  /** Must not be before (dates) or below (km) this other field: the server answers 1003-1005 otherwise. */
  readonly notBefore?: { readonly field: string; readonly problemKey: string };
  /** Column width in the table; no column when absent. */
  readonly width?: number;
}

export interface RecordKindConfig {
  readonly kind: RecordKind;
  /** The menu screen: action codes `<screen>:add|modify|delete|search|import|export`. */
  readonly screen: string;
  /** i18n prefix of the kind's own words (`vehicleService.insurance`). */
  readonly i18n: string;
  readonly fields: readonly RecordField[];
  /** The filter bar's status choices (the list query's `status`), none when the kind has no status. */
  readonly statuses: readonly FieldOption[];
  /** The field that names a record in the delete confirmation, after its plate. */
  readonly nameField: string;
}

const VS = 'vehicleService';
const common = {
  fee: { labelKey: `${VS}.fee` },
  agent: { labelKey: `${VS}.agent` },
  place: { labelKey: `${VS}.place` },
  occurredAt: { labelKey: `${VS}.occurredAt` },
  driver: { labelKey: `${VS}.driver` },
} as const;

export const insurance: RecordKindConfig = {
  kind: 'insurance',
  screen: 'insuranceManage',
  i18n: `${VS}.insurance`,
  nameField: 'policyNo',
  statuses: ['upcoming', 'active', 'expired'].map((value) => ({ value, labelKey: `${VS}.insuranceStatus.${value}` })),
  fields: [
    { name: 'policyNo', value: 'text', required: true, maxLength: 64, width: 170 },
    { name: 'insuranceType', value: 'code', required: true, codes: { values: INSURANCE_TYPES, prefix: `${VS}.insuranceType` }, width: 120 },
    { name: 'insurer', value: 'text', maxLength: 64, width: 150 },
    { name: 'premium', value: 'money', width: 100 },
    { name: 'insuredAmount', value: 'money', width: 120 },
    { name: 'startDate', value: 'date', required: true, width: 110 },
    { name: 'endDate', value: 'date', required: true, notBefore: { field: 'startDate', problemKey: `${VS}.endBeforeStart` }, width: 110 },
  ],
};

export const maintenance: RecordKindConfig = {
  kind: 'maintenance',
  screen: 'maintenanceManage',
  i18n: `${VS}.maintenance`,
  nameField: 'serviceDate',
  statuses: [],
  fields: [
    { name: 'serviceDate', value: 'date', required: true, width: 110 },
    { name: 'odometerKm', value: 'km', required: true, width: 120 },
    { name: 'fee', value: 'money', width: 130 },
    { name: 'servicedBy', value: 'text', maxLength: 64, width: 140 },
    { name: 'nextServiceKm', value: 'km', nullable: true, notBefore: { field: 'odometerKm', problemKey: `${VS}.maintenance.nextNotAfter` }, width: 140 },
    { name: 'nextServiceDate', value: 'date', nullable: true, notBefore: { field: 'serviceDate', problemKey: `${VS}.endBeforeStart` }, width: 120 },
    { name: 'items', value: 'textarea', maxLength: 500, width: 200 },
  ],
};

export const inspection: RecordKindConfig = {
  kind: 'inspection',
  screen: 'annualInspection',
  i18n: `${VS}.inspection`,
  nameField: 'inspectionDate',
  statuses: [],
  fields: [
    { name: 'inspectionDate', value: 'date', required: true, width: 110 },
    { name: 'validUntil', value: 'date', required: true, notBefore: { field: 'inspectionDate', problemKey: `${VS}.endBeforeStart` }, width: 110 },
    { name: 'registrationDate', value: 'date', width: 110 },
    { name: 'agent', value: 'text', maxLength: 64, ...common.agent, width: 110 },
    { name: 'fee', value: 'money', ...common.fee, width: 100 },
  ],
};

export const violation: RecordKindConfig = {
  kind: 'violation',
  screen: 'violationManage',
  i18n: `${VS}.violation`,
  nameField: 'occurredAt',
  statuses: codeOptions(`${VS}.violation.handled`, [0, 1]),
  fields: [
    { name: 'driverId', value: 'driver', ...common.driver, width: 100 },
    { name: 'occurredAt', value: 'datetime', required: true, ...common.occurredAt, width: 150 },
    { name: 'place', value: 'text', maxLength: 128, ...common.place, width: 160 },
    { name: 'violationCode', value: 'text', maxLength: 16, width: 90 },
    { name: 'act', value: 'text', maxLength: 255, width: 180 },
    { name: 'fineAmount', value: 'money', width: 90 },
    { name: 'points', value: 'int', width: 60 },
    { name: 'agent', value: 'text', maxLength: 64, ...common.agent, width: 90 },
    { name: 'handled', value: 'flag', width: 90 },
  ],
};

export const accident: RecordKindConfig = {
  kind: 'accident',
  screen: 'accidentManage',
  i18n: `${VS}.accident`,
  nameField: 'occurredAt',
  statuses: codeOptions(`${VS}.accidentStatus`, ACCIDENT_STATUSES),
  fields: [
    { name: 'driverId', value: 'driver', ...common.driver, width: 100 },
    { name: 'occurredAt', value: 'datetime', required: true, ...common.occurredAt, width: 150 },
    { name: 'place', value: 'text', maxLength: 128, ...common.place, width: 160 },
    { name: 'nature', value: 'code', required: true, codes: { values: ACCIDENT_NATURES, prefix: `${VS}.accidentNature` }, width: 100 },
    { name: 'liability', value: 'code', required: true, codes: { values: ACCIDENT_LIABILITIES, prefix: `${VS}.liability` }, width: 100 },
    { name: 'loss', value: 'money', width: 100 },
    { name: 'handler', value: 'text', maxLength: 64, width: 100 },
    { name: 'status', value: 'code', required: true, codes: { values: ACCIDENT_STATUSES, prefix: `${VS}.accidentStatus` }, width: 90 },
    { name: 'description', value: 'textarea', maxLength: 500 },
  ],
};

export const RECORD_KIND_CONFIGS = { insurance, maintenance, inspection, violation, accident } as const;

export const labelKeyOf = (config: RecordKindConfig, field: RecordField): string => field.labelKey ?? `${config.i18n}.${field.name}`;
