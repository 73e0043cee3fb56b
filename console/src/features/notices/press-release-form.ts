import { parseChinaTime } from '@openfleet/contracts/time';
import type { NoticeAudience, PressReleaseView } from '@openfleet/contracts/admin';
import { cstTime } from '../instruction/command-form';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export type PressReleaseForm = {
  title: string;
  content: string;
  level: string;
  audience: string;
  companyIds: string;
  roleIds: string;
  userIds: string;
  publishAt: string;
  expiresAt: string;
};

export const EMPTY_PRESS_RELEASE: PressReleaseForm = { title: '', content: '', level: '0', audience: 'company', companyIds: '', roleIds: '', userIds: '', publishAt: '', expiresAt: '' };

/** Which checks field holds the ids of an audience. */
const IDS_FIELD: Record<Exclude<NoticeAudience, 'company'>, 'companyIds' | 'roleIds' | 'userIds'> = { companies: 'companyIds', roles: 'roleIds', users: 'userIds' };

export function toPressReleaseForm(row: PressReleaseView): PressReleaseForm {
  const ids = row.audienceIds.join(',');
  return {
    ...EMPTY_PRESS_RELEASE,
    title: row.title,
    content: row.content,
    level: String(row.level),
    audience: row.audience,
    ...(row.audience !== 'company' ? { [IDS_FIELD[row.audience]]: ids } : {}),
    publishAt: row.status === 0 && row.publishedAt ? cstTime(row.publishedAt) : '',
    expiresAt: row.expiresAt ? cstTime(row.expiresAt) : '',
  };
}

/** The API body of a form: the ids of the chosen audience only, China times as epoch ms. */
export function pressReleaseBody(form: PressReleaseForm): Record<string, unknown> {
  const audience = form.audience as NoticeAudience;
  const ids = audience === 'company' ? [] : form[IDS_FIELD[audience]].split(',').filter(Boolean).map(Number);
  const time = (text: string) => (text.trim() ? parseChinaTime(text.trim()) : undefined);
  return {
    title: form.title.trim(),
    content: form.content.trim(),
    level: Number(form.level),
    audience,
    audienceIds: ids,
    publishAt: time(form.publishAt),
    expiresAt: time(form.expiresAt),
  };
}

/** The form's fields; the pickers' options come from the caller's lookups (empty without the codes to read them). */
export function pressReleaseFields(options: { companies: FieldOption[]; roles: FieldOption[]; users: FieldOption[]; superAdmin: boolean }): FieldSpec<PressReleaseForm>[] {
  const audiences = ['company', ...(options.superAdmin ? ['companies'] : []), 'roles', 'users'];
  return [
    { name: 'title', labelKey: 'notices.field.title', required: true, maxLength: 100 },
    { name: 'content', labelKey: 'notices.field.content', kind: 'textarea', required: true, maxLength: 4000 },
    { name: 'level', labelKey: 'notices.field.level', kind: 'select', required: true, options: [0, 1, 2].map((l) => ({ value: String(l), labelKey: `notices.level.${l}` })) },
    {
      name: 'audience',
      labelKey: 'notices.field.audience',
      kind: 'select',
      required: true,
      options: audiences.map((a) => ({ value: a, labelKey: `notices.audience.${a}` })),
      validate: (value, form) => (value !== 'company' && !form[IDS_FIELD[value as Exclude<NoticeAudience, 'company'>]] ? 'notices.validation.audienceIds' : null),
    },
    ...(options.superAdmin ? [{ name: 'companyIds' as const, labelKey: 'notices.field.companies', kind: 'checks' as const, options: options.companies }] : []),
    { name: 'roleIds', labelKey: 'notices.field.roles', kind: 'checks', options: options.roles },
    { name: 'userIds', labelKey: 'notices.field.users', kind: 'checks', options: options.users },
    { name: 'publishAt', labelKey: 'notices.field.publishAt', kind: 'datetime' },
    {
      name: 'expiresAt',
      labelKey: 'notices.field.expiresAt',
      kind: 'datetime',
      validate: (value, form) => {
        const expires = parseChinaTime(value);
        const from = form.publishAt ? parseChinaTime(form.publishAt) : Date.now();
        return Number.isFinite(expires) && expires > Math.max(from, Date.now()) ? null : 'notices.validation.expiresAt';
      },
    },
  ];
}
