import { licenceRule, mobileRule, nameRule, optional, optionalNumber, text } from '../master-data/rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface Driver {
  readonly id: number;
  readonly name: string;
  readonly licenceNo: string;
  readonly qualificationNo?: string | null;
  readonly certificationAuthority?: string | null;
  readonly expiresOn?: string | null;
  readonly nativePlace?: string | null;
  readonly phone?: string | null;
  readonly companyId: number;
  readonly fleetId?: number | null;
}

export interface DriverForm extends Record<string, string> {
  name: string;
  licenceNo: string;
  qualificationNo: string;
  certificationAuthority: string;
  expiresOn: string;
  nativePlace: string;
  phone: string;
  companyId: string;
  fleetId: string;
}

export const emptyDriverForm: DriverForm = {
  name: '',
  licenceNo: '',
  qualificationNo: '',
  certificationAuthority: '',
  expiresOn: '',
  nativePlace: '',
  phone: '',
  companyId: '',
  fleetId: '',
};

/** Spec §5: names Chinese/English, licence 6-32 letters/digits, mobile 1[3-9] + 9 digits. */
export function driverFields(companies: readonly FieldOption[], fleets: readonly FieldOption[]): FieldSpec<DriverForm>[] {
  return [
    { name: 'name', labelKey: 'driver.name', required: true, maxLength: 32, validate: nameRule },
    { name: 'licenceNo', labelKey: 'driver.licenceNo', required: true, validate: licenceRule },
    { name: 'qualificationNo', labelKey: 'driver.qualificationNo', maxLength: 32 },
    { name: 'certificationAuthority', labelKey: 'driver.authority', maxLength: 64 },
    { name: 'expiresOn', labelKey: 'driver.expiresOn', kind: 'date' },
    { name: 'nativePlace', labelKey: 'driver.nativePlace', maxLength: 64 },
    { name: 'phone', labelKey: 'driver.phone', validate: mobileRule },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', options: companies },
    { name: 'fleetId', labelKey: 'common.fleet', kind: 'select', options: fleets },
  ];
}

export function driverToForm(row: Driver): DriverForm {
  return {
    name: row.name,
    licenceNo: row.licenceNo,
    qualificationNo: text(row.qualificationNo),
    certificationAuthority: text(row.certificationAuthority),
    expiresOn: text(row.expiresOn).slice(0, 10),
    nativePlace: text(row.nativePlace),
    phone: text(row.phone),
    companyId: text(row.companyId),
    fleetId: text(row.fleetId),
  };
}

export function formToDriver(form: DriverForm) {
  return {
    name: form.name.trim(),
    licenceNo: form.licenceNo.trim(),
    qualificationNo: optional(form.qualificationNo),
    certificationAuthority: optional(form.certificationAuthority),
    expiresOn: optional(form.expiresOn),
    nativePlace: optional(form.nativePlace),
    phone: optional(form.phone),
    companyId: optionalNumber(form.companyId),
    fleetId: optionalNumber(form.fleetId),
  };
}
