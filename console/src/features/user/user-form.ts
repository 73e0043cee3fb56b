import { confirmationProblem, passwordProblem } from '../auth/password-rules';
import { accountRule, codeOptions, emailRule, mobileRule, nameRule, optional, optionalNumber, text } from '../master-data/rules';
import { birthDateRule, faxRule, idCardRule, postalCodeRule } from '../master-data/contact-rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface User {
  readonly id: number;
  readonly account: string;
  readonly name: string;
  /** 0 personal, 1 ordinary, 2 operations, 3 company admin, 4 super admin, 5 senior. */
  readonly userType: number;
  readonly companyId: number;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly gender?: number | null;
  readonly remark?: string | null;
  readonly status: number;
  readonly roleIds?: readonly number[];
  /** Fleet permission: comma separated fleet ids (empty: the whole company). */
  readonly fleetIds?: string | readonly number[] | null;
  /** YYYY-MM-DD. */
  readonly birthDate?: string | null;
  readonly address?: string | null;
  readonly postalCode?: string | null;
  readonly fax?: string | null;
  readonly idCard?: string | null;
}

/** Spec §3 user fields added by issue 28, text in and out as they are. */
const CONTACT_FIELDS = ['birthDate', 'address', 'postalCode', 'fax', 'idCard'] as const;

export interface UserForm extends Record<string, string> {
  account: string;
  name: string;
  password: string;
  userType: string;
  companyId: string;
  roleIds: string;
  fleetIds: string;
  phone: string;
  email: string;
  gender: string;
  status: string;
  remark: string;
  birthDate: string;
  address: string;
  postalCode: string;
  fax: string;
  idCard: string;
}

export const emptyUserForm: UserForm = {
  account: '',
  name: '',
  password: '',
  userType: '1',
  companyId: '',
  roleIds: '',
  fleetIds: '',
  phone: '',
  email: '',
  gender: '',
  status: '1',
  remark: '',
  birthDate: '',
  address: '',
  postalCode: '',
  fax: '',
  idCard: '',
};

/** Spec §5: account 3-32 letters/digits/_, name Chinese/English, password rules, mobile, email. */
export function userFields(
  companies: readonly FieldOption[],
  roles: readonly FieldOption[],
  fleets: readonly FieldOption[],
): FieldSpec<UserForm>[] {
  return [
    { name: 'account', labelKey: 'user.account', required: true, validate: accountRule, lockedOnEdit: true },
    { name: 'name', labelKey: 'user.name', required: true, maxLength: 32, validate: nameRule },
    { name: 'password', labelKey: 'user.password', kind: 'password', required: true, addOnly: true, validate: passwordProblem },
    { name: 'userType', labelKey: 'user.type', kind: 'select', required: true, options: codeOptions('user.type', [0, 1, 2, 3, 4, 5]) },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', addOnly: true, options: companies },
    { name: 'roleIds', labelKey: 'user.roles', kind: 'checks', options: roles },
    { name: 'fleetIds', labelKey: 'user.fleets', kind: 'checks', options: fleets },
    { name: 'phone', labelKey: 'user.phone', validate: mobileRule },
    { name: 'email', labelKey: 'user.email', validate: emailRule },
    { name: 'gender', labelKey: 'user.gender', kind: 'select', options: codeOptions('user.gender', [0, 1, 2]) },
    { name: 'birthDate', labelKey: 'user.birthDate', kind: 'date', validate: (value) => birthDateRule(value) },
    { name: 'idCard', labelKey: 'user.idCard', maxLength: 18, validate: idCardRule },
    { name: 'address', labelKey: 'user.address', maxLength: 128 },
    { name: 'postalCode', labelKey: 'user.postalCode', maxLength: 6, validate: postalCodeRule },
    { name: 'fax', labelKey: 'user.fax', maxLength: 20, validate: faxRule },
    { name: 'status', labelKey: 'user.status', kind: 'select', required: true, options: codeOptions('user.status', [1, 0]) },
    { name: 'remark', labelKey: 'user.remark', kind: 'textarea', maxLength: 255 },
  ];
}

export interface PasswordForm extends Record<string, string> {
  password: string;
  confirm: string;
}

export const passwordFields: FieldSpec<PasswordForm>[] = [
  { name: 'password', labelKey: 'user.newPassword', kind: 'password', required: true, validate: passwordProblem },
  { name: 'confirm', labelKey: 'user.confirmPassword', kind: 'password', required: true, validate: (value, form) => confirmationProblem(form.password, value) },
];

export function userToForm(row: User): UserForm {
  return {
    ...emptyUserForm,
    account: row.account,
    name: row.name,
    userType: text(row.userType),
    companyId: text(row.companyId),
    roleIds: (row.roleIds ?? []).join(','),
    fleetIds: Array.isArray(row.fleetIds) ? row.fleetIds.join(',') : text(row.fleetIds),
    phone: text(row.phone),
    email: text(row.email),
    gender: text(row.gender),
    status: text(row.status),
    remark: text(row.remark),
    ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, text(row[field])])),
  };
}

/** The POST body; `editing` leaves out what the PUT refuses (account, password, company). */
export function formToUser(form: UserForm, editing: boolean) {
  const body = {
    name: form.name.trim(),
    userType: Number(form.userType),
    roleIds: form.roleIds.split(',').filter(Boolean).map(Number),
    fleetIds: form.fleetIds.split(',').filter(Boolean).map(Number),
    phone: optional(form.phone),
    email: optional(form.email),
    gender: optionalNumber(form.gender),
    status: Number(form.status),
    remark: optional(form.remark),
    ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, optional(form[field])])),
  };
  if (editing) return body;
  return { ...body, account: form.account.trim(), password: form.password, companyId: optionalNumber(form.companyId) };
}
