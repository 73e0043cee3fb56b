import { OPERATING_RELATIONS, SPECIAL_BUSINESS_TYPES, type OperatingRelation, type ServiceTerm, type SpecialBusiness } from '@openfleet/contracts/vehicle-service';
import { chinaDate } from '@openfleet/contracts/time';
import type { FieldOption, FieldSpec, FormValues } from '../table-screen/table-model';

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE = /^[\d+\- ]{0,20}$/;

const money = (value: string) => (MONEY.test(value) ? null : 'operationPage.badNumber');
const date = (value: string) => (DATE.test(value) ? null : 'operationPage.badDate');
const phone = (value: string) => (PHONE.test(value) ? null : 'operationPage.badPhone');
/** A date field that must not come before another of the form. */
const notBefore = (other: string) => (value: string, form: FormValues) => date(value) ?? (form[other] && value < (form[other] ?? '') ? 'operationPage.endBeforeStart' : null);
const codes = (prefix: string, values: readonly number[]): FieldOption[] => values.map((value) => ({ value: String(value), labelKey: `${prefix}.${value}` }));
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Today in China, "YYYY-MM-DD". */
export const today = (): string => chinaDate(Date.now());

// directVehicle

export function relationFields(vehicles: readonly FieldOption[]): FieldSpec<FormValues>[] {
  return [
    { name: 'vehicleId', labelKey: 'operationPage.plate', kind: 'select', options: vehicles, required: true },
    { name: 'relationType', labelKey: 'operationPage.relationType', kind: 'select', options: codes('operationPage.relation', OPERATING_RELATIONS), required: true },
    { name: 'partyName', labelKey: 'operationPage.partyName', maxLength: 64 },
    { name: 'partyPhone', labelKey: 'operationPage.partyPhone', maxLength: 20, validate: phone },
    { name: 'partyIdNo', labelKey: 'operationPage.partyIdNo', maxLength: 32 },
    { name: 'contractNo', labelKey: 'operationPage.contractNo', maxLength: 64 },
    { name: 'contractStart', labelKey: 'operationPage.contractStart', kind: 'date', validate: date },
    { name: 'contractEnd', labelKey: 'operationPage.contractEnd', kind: 'date', validate: notBefore('contractStart') },
    { name: 'fee', labelKey: 'operationPage.relationFee', validate: money },
    { name: 'remark', labelKey: 'operationPage.remark', kind: 'textarea', maxLength: 255 },
  ];
}

export const emptyRelationForm: FormValues = { vehicleId: '', relationType: '1', partyName: '', partyPhone: '', partyIdNo: '', contractNo: '', contractStart: '', contractEnd: '', fee: '', remark: '' };

export const relationToForm = (row: OperatingRelation): FormValues => ({
  vehicleId: row.vehicleId,
  relationType: String(row.relationType),
  partyName: row.partyName,
  partyPhone: row.partyPhone,
  partyIdNo: row.partyIdNo,
  contractNo: row.contractNo,
  contractStart: row.contractStart ?? '',
  contractEnd: row.contractEnd ?? '',
  fee: row.fee ? String(row.fee) : '',
  remark: row.remark,
});

export const relationBody = (form: FormValues) => ({
  vehicleId: form.vehicleId,
  relationType: Number(form.relationType),
  partyName: optional(form.partyName ?? ''),
  partyPhone: optional(form.partyPhone ?? ''),
  partyIdNo: optional(form.partyIdNo ?? ''),
  contractNo: optional(form.contractNo ?? ''),
  contractStart: optional(form.contractStart ?? ''),
  contractEnd: optional(form.contractEnd ?? ''),
  fee: number(form.fee ?? ''),
  remark: optional(form.remark ?? ''),
});

// manageService

export function termFields(vehicles: readonly FieldOption[]): FieldSpec<FormValues>[] {
  return [
    { name: 'vehicleId', labelKey: 'operationPage.plate', kind: 'select', options: vehicles, required: true },
    { name: 'packageName', labelKey: 'operationPage.packageName', maxLength: 64 },
    { name: 'startDate', labelKey: 'operationPage.startDate', kind: 'date', required: true, validate: date },
    { name: 'endDate', labelKey: 'operationPage.endDate', kind: 'date', required: true, validate: notBefore('startDate') },
    { name: 'fee', labelKey: 'operationPage.serviceFee', validate: money },
    { name: 'paid', labelKey: 'operationPage.paid', kind: 'select', options: [{ value: '1', labelKey: 'operationPage.paidState.1' }, { value: '0', labelKey: 'operationPage.paidState.0' }], required: true },
    { name: 'remark', labelKey: 'operationPage.remark', kind: 'textarea', maxLength: 255 },
  ];
}

export const emptyTermForm = (): FormValues => ({ vehicleId: '', packageName: '', startDate: today(), endDate: '', fee: '', paid: '0', remark: '' });

export const termToForm = (row: ServiceTerm): FormValues => ({
  vehicleId: row.vehicleId,
  packageName: row.packageName,
  startDate: row.startDate,
  endDate: row.endDate,
  fee: row.fee ? String(row.fee) : '',
  paid: row.paid ? '1' : '0',
  remark: row.remark,
});

export const termBody = (form: FormValues) => ({
  vehicleId: form.vehicleId,
  packageName: optional(form.packageName ?? ''),
  startDate: form.startDate,
  endDate: form.endDate,
  fee: number(form.fee ?? ''),
  paid: form.paid === '1',
  remark: optional(form.remark ?? ''),
});

// specialBusiness

export function businessFields(vehicles: readonly FieldOption[]): FieldSpec<FormValues>[] {
  return [
    { name: 'vehicleId', labelKey: 'operationPage.plate', kind: 'select', options: vehicles, required: true },
    { name: 'businessType', labelKey: 'operationPage.businessType', kind: 'select', options: codes('operationPage.business', SPECIAL_BUSINESS_TYPES), required: true },
    { name: 'applicant', labelKey: 'operationPage.applicant', required: true, maxLength: 32 },
    { name: 'applicantPhone', labelKey: 'operationPage.applicantPhone', maxLength: 20, validate: phone },
    { name: 'reason', labelKey: 'operationPage.reason', kind: 'textarea', required: true, maxLength: 255 },
    { name: 'applyDate', labelKey: 'operationPage.applyDate', kind: 'date', required: true, validate: date },
    { name: 'effectiveDate', labelKey: 'operationPage.effectiveDate', kind: 'date', required: true, validate: notBefore('applyDate') },
    { name: 'endDate', labelKey: 'operationPage.suspendUntil', kind: 'date', validate: notBefore('effectiveDate') },
    { name: 'newOwner', labelKey: 'operationPage.newOwner', maxLength: 64 },
    { name: 'remark', labelKey: 'operationPage.remark', kind: 'textarea', maxLength: 255 },
  ];
}

export const emptyBusinessForm = (): FormValues => ({ vehicleId: '', businessType: '1', applicant: '', applicantPhone: '', reason: '', applyDate: today(), effectiveDate: today(), endDate: '', newOwner: '', remark: '' });

export const businessToForm = (row: SpecialBusiness): FormValues => ({
  vehicleId: row.vehicleId,
  businessType: String(row.businessType),
  applicant: row.applicant,
  applicantPhone: row.applicantPhone,
  reason: row.reason,
  applyDate: row.applyDate,
  effectiveDate: row.effectiveDate,
  endDate: row.endDate ?? '',
  newOwner: row.newOwner,
  remark: row.remark,
});

export const businessBody = (form: FormValues) => ({
  vehicleId: form.vehicleId,
  businessType: Number(form.businessType),
  applicant: (form.applicant ?? '').trim(),
  applicantPhone: optional(form.applicantPhone ?? ''),
  reason: (form.reason ?? '').trim(),
  applyDate: form.applyDate,
  effectiveDate: form.effectiveDate,
  endDate: optional(form.endDate ?? ''),
  newOwner: optional(form.newOwner ?? ''),
  remark: optional(form.remark ?? ''),
});
