import { codeNameRule, codeOptions, optional, optionalNumber, text } from '../master-data/rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface Role {
  readonly id: number;
  readonly name: string;
  readonly description?: string | null;
  readonly companyId: number;
  /** 0 super admin, 1 company default, 2 operations, 3 ordinary. */
  readonly roleType: number;
  readonly actionCodes: readonly string[];
}

export interface RoleForm extends Record<string, string> {
  name: string;
  description: string;
  roleType: string;
  companyId: string;
}

export const emptyRoleForm: RoleForm = { name: '', description: '', roleType: '3', companyId: '' };

/** Spec §5: role name Chinese/English/digits, unique per company (server 4006). */
export function roleFields(companies: readonly FieldOption[]): FieldSpec<RoleForm>[] {
  return [
    { name: 'name', labelKey: 'role.name', required: true, maxLength: 32, validate: codeNameRule },
    { name: 'roleType', labelKey: 'role.type', kind: 'select', required: true, options: codeOptions('role.type', [0, 1, 2, 3]) },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', addOnly: true, options: companies },
    { name: 'description', labelKey: 'role.description', kind: 'textarea', maxLength: 255 },
  ];
}

export function roleToForm(row: Role): RoleForm {
  return { name: row.name, description: text(row.description), roleType: text(row.roleType), companyId: text(row.companyId) };
}

/** New roles start without permissions; they are granted in the permission tree. */
export function formToRole(form: RoleForm, editing: boolean) {
  const body = { name: form.name.trim(), description: optional(form.description), roleType: Number(form.roleType) };
  return editing ? body : { ...body, companyId: optionalNumber(form.companyId), actionCodes: [] as string[] };
}
