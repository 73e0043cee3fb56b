import { codeOptions, nameRule, optional, optionalNumber, text } from '../master-data/rules';
import type { CompanyRow } from '../master-data/lookups';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface CompanyForm extends Record<string, string> {
  name: string;
  parentId: string;
  shortName: string;
  code: string;
  orgCode: string;
  legalPerson: string;
  phone: string;
  address: string;
  businessTypes: string;
  mapType: string;
}

export const emptyCompanyForm: CompanyForm = {
  name: '',
  parentId: '',
  shortName: '',
  code: '',
  orgCode: '',
  legalPerson: '',
  phone: '',
  address: '',
  businessTypes: '',
  mapType: '3',
};

/** Enterprise fields and operating vehicle types 1-5 (spec §5; names Chinese/English). */
export function companyFields(companies: readonly FieldOption[]): FieldSpec<CompanyForm>[] {
  return [
    { name: 'name', labelKey: 'company.name', required: true, maxLength: 64, validate: nameRule },
    { name: 'parentId', labelKey: 'company.parent', kind: 'select', addOnly: true, options: companies },
    { name: 'shortName', labelKey: 'company.shortName', maxLength: 32 },
    { name: 'code', labelKey: 'company.code', maxLength: 32 },
    { name: 'orgCode', labelKey: 'company.orgCode', maxLength: 32 },
    { name: 'legalPerson', labelKey: 'company.legalPerson', maxLength: 32 },
    { name: 'phone', labelKey: 'company.phone', maxLength: 20 },
    { name: 'address', labelKey: 'company.address', maxLength: 128 },
    { name: 'businessTypes', labelKey: 'company.businessTypes', kind: 'checks', options: codeOptions('company.businessType', [1, 2, 3, 4, 5]) },
    { name: 'mapType', labelKey: 'company.mapType', kind: 'select', options: codeOptions('company.mapType', [1, 3, 4, 5]) },
  ];
}

export function companyToForm(row: CompanyRow): CompanyForm {
  const field = (name: keyof CompanyForm): string => text(row[name]);
  return {
    name: row.name,
    parentId: text(row.parentId),
    shortName: field('shortName'),
    code: field('code'),
    orgCode: field('orgCode'),
    legalPerson: field('legalPerson'),
    phone: field('phone'),
    address: field('address'),
    businessTypes: field('businessTypes'),
    mapType: field('mapType'),
  };
}

export function formToCompany(form: CompanyForm, editing: boolean) {
  const body = {
    name: form.name.trim(),
    shortName: optional(form.shortName),
    code: optional(form.code),
    orgCode: optional(form.orgCode),
    legalPerson: optional(form.legalPerson),
    phone: optional(form.phone),
    address: optional(form.address),
    businessTypes: form.businessTypes,
    mapType: optionalNumber(form.mapType),
  };
  return editing ? body : { ...body, parentId: optionalNumber(form.parentId) };
}
