import { codeOptions, nameRule, optional, optionalNumber, text } from '../master-data/rules';
import type { CompanyRow } from '../master-data/lookups';
import { passwordProblem } from '../auth/password-rules';
import { accountRule } from '../master-data/rules';
import { faxRule, idCardRule, postalCodeRule } from '../master-data/contact-rules';
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
  legalPersonIdCard: string;
  fax: string;
  postalCode: string;
  /** Add form only: the company's administrator, created with it in one transaction (all three optional). */
  adminAccount: string;
  adminName: string;
  adminPassword: string;
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
  legalPersonIdCard: '',
  fax: '',
  postalCode: '',
  adminAccount: '',
  adminName: '',
  adminPassword: '',
};

/** The admin password is needed once an admin account is typed (checked on the account: empty fields skip their rule); the account once a password is. */
export const adminPasswordRule = (value: string, form: CompanyForm): string | null => (form.adminAccount.trim() === '' ? 'company.adminAccountFirst' : passwordProblem(value));
export const adminAccountRule = (value: string, form: CompanyForm): string | null => accountRule(value.trim()) ?? (form.adminPassword === '' ? 'company.adminPasswordRequired' : null);
const adminNameRule = (value: string): string | null => nameRule(value.trim());

/** Enterprise fields and operating vehicle types 1-5 (spec §5; names Chinese/English). */
export function companyFields(companies: readonly FieldOption[]): FieldSpec<CompanyForm>[] {
  return [
    { name: 'name', labelKey: 'company.name', required: true, maxLength: 64, validate: nameRule },
    { name: 'parentId', labelKey: 'company.parent', kind: 'select', addOnly: true, options: companies },
    { name: 'shortName', labelKey: 'company.shortName', maxLength: 32 },
    { name: 'code', labelKey: 'company.code', maxLength: 32 },
    { name: 'orgCode', labelKey: 'company.orgCode', maxLength: 32 },
    { name: 'legalPerson', labelKey: 'company.legalPerson', maxLength: 32 },
    { name: 'legalPersonIdCard', labelKey: 'company.legalPersonIdCard', maxLength: 18, validate: idCardRule },
    { name: 'phone', labelKey: 'company.phone', maxLength: 20 },
    { name: 'fax', labelKey: 'company.fax', maxLength: 20, validate: faxRule },
    { name: 'postalCode', labelKey: 'company.postalCode', maxLength: 6, validate: postalCodeRule },
    { name: 'address', labelKey: 'company.address', maxLength: 128 },
    { name: 'businessTypes', labelKey: 'company.businessTypes', kind: 'checks', options: codeOptions('company.businessType', [1, 2, 3, 4, 5]) },
    { name: 'mapType', labelKey: 'company.mapType', kind: 'select', options: codeOptions('company.mapType', [1, 3, 4, 5]) },
    { name: 'adminAccount', labelKey: 'company.adminAccount', addOnly: true, maxLength: 32, validate: adminAccountRule },
    { name: 'adminName', labelKey: 'company.adminName', addOnly: true, maxLength: 32, validate: adminNameRule },
    { name: 'adminPassword', labelKey: 'company.adminPassword', kind: 'password', addOnly: true, validate: adminPasswordRule },
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
    legalPersonIdCard: field('legalPersonIdCard'),
    fax: field('fax'),
    postalCode: field('postalCode'),
    adminAccount: '',
    adminName: '',
    adminPassword: '',
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
    legalPersonIdCard: optional(form.legalPersonIdCard),
    fax: optional(form.fax),
    postalCode: optional(form.postalCode),
  };
  if (editing) return body;
  const admin = optional(form.adminAccount)
    ? { adminAccount: form.adminAccount.trim(), adminName: optional(form.adminName), adminPassword: form.adminPassword }
    : {};
  return { ...body, parentId: optionalNumber(form.parentId), ...admin };
}
