import { text } from '../master-data/rules';
import type { FieldOption, FieldSpec, FormValues } from '../table-screen/table-model';
import { labelKeyOf, type RecordField, type RecordKindConfig } from './record-kinds';

/** A record as the list answers it: the contract's row types, read by field name. */
export type RecordRow = { readonly id: number; readonly vehicleId: string; readonly plateCode: string; readonly remark: string } & Readonly<Record<string, unknown>>;

/** Choices the dialog needs from elsewhere: the caller's vehicles and drivers. */
export interface RecordOptions {
  readonly vehicles: readonly FieldOption[];
  readonly drivers: readonly FieldOption[];
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const KM = /^\d{1,9}(\.\d{1,3})?$/;
const INT = /^\d{1,6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const numeric = (value: string) => Number(value);

/** The problem (i18n key) of one value of a field, the other fields of the form at hand. */
export function fieldProblem(field: RecordField, value: string, form: FormValues): string | null {
  switch (field.value) {
    case 'money':
      if (!MONEY.test(value)) return 'vehicleService.badNumber';
      break;
    case 'km':
      if (!KM.test(value)) return 'vehicleService.badNumber';
      break;
    case 'int':
      if (!INT.test(value)) return 'vehicleService.badNumber';
      break;
    case 'date':
      if (!DATE.test(value)) return 'vehicleService.badDate';
      break;
    case 'datetime':
      if (!TIME.test(value)) return 'vehicleService.badTime';
      break;
    default:
      break;
  }
  const other = field.notBefore ? (form[field.notBefore.field] ?? '').trim() : '';
  if (field.notBefore && other) {
    const before = field.value === 'km' ? numeric(value) <= numeric(other) : value < other;
    if (before) return field.notBefore.problemKey;
  }
  return null;
}

/** The dialog's fields: the vehicle first, the kind's own fields, the remark last. */
export function recordFields(config: RecordKindConfig, options: RecordOptions): FieldSpec<FormValues>[] {
  const own = config.fields.map((field): FieldSpec<FormValues> => {
    const spec = { name: field.name, labelKey: labelKeyOf(config, field), required: field.required, maxLength: field.maxLength, validate: (value: string, form: FormValues) => fieldProblem(field, value, form) };
    switch (field.value) {
      case 'date':
      case 'datetime':
      case 'textarea':
        return { ...spec, kind: field.value };
      case 'code':
        return { ...spec, kind: 'select', options: (field.codes?.values ?? []).map((code) => ({ value: String(code), labelKey: `${field.codes?.prefix}.${code}` })) };
      case 'flag':
        return { ...spec, kind: 'select', options: [0, 1].map((code) => ({ value: String(code), labelKey: `${labelKeyOf(config, field)}.${code}` })) };
      case 'driver':
        return { ...spec, kind: 'select', options: options.drivers };
      default:
        return spec;
    }
  });
  return [
    { name: 'vehicleId', labelKey: 'vehicleService.vehicle', kind: 'select', required: true, options: options.vehicles },
    ...own,
    { name: 'remark', labelKey: 'vehicleService.remark', kind: 'textarea', maxLength: 255 },
  ];
}

export function emptyRecordForm(config: RecordKindConfig): FormValues {
  const form: FormValues = { vehicleId: '', remark: '' };
  for (const field of config.fields) form[field.name] = field.value === 'flag' ? '0' : '';
  return form;
}

export function recordToForm(config: RecordKindConfig, row: RecordRow): FormValues {
  const form: FormValues = { vehicleId: row.vehicleId, remark: text(row.remark) };
  for (const field of config.fields) {
    const value = row[field.name];
    form[field.name] = field.value === 'flag' ? (value ? '1' : '0') : text(value);
  }
  return form;
}

/**
 * The body of a create or edit: every field sent, so an edit that empties a field clears it
 * (empty numbers are 0, the optional next service null); a driver goes with the name it shows.
 */
export function recordBody(config: RecordKindConfig, form: FormValues, options: RecordOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { vehicleId: form.vehicleId, remark: (form.remark ?? '').trim() };
  for (const field of config.fields) {
    const value = (form[field.name] ?? '').trim();
    switch (field.value) {
      case 'money':
      case 'km':
      case 'int':
      case 'code':
        body[field.name] = value === '' ? (field.nullable ? null : 0) : Number(value);
        break;
      case 'flag':
        body[field.name] = value === '1';
        break;
      case 'driver':
        body.driverId = value;
        body.driverName = options.drivers.find((driver) => driver.value === value)?.label ?? '';
        break;
      default:
        body[field.name] = value === '' && field.nullable ? null : value;
    }
  }
  return body;
}

/** "京A12345 保单号" lines for the delete confirmation. */
export function recordNames(config: RecordKindConfig, rows: readonly RecordRow[]): string[] {
  return rows.map((row) => `${row.plateCode || row.vehicleId} ${text(row[config.nameField])}`.trim());
}
