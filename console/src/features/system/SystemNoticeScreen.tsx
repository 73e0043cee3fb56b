import { Button, Tag } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { listHook, useResourceCallMutation, useResourceMutations, type Resource } from '../table-screen/resource-api';
import type { FieldSpec } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';

export interface Notice {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  /** 0 draft, 1 published, 2 withdrawn. */
  readonly status: number;
  readonly publishedAt: number | null;
  readonly author: string;
  readonly updatedAt: number;
}

type NoticeForm = { title: string; content: string };

const notices: Resource = { path: 'basic/notice', tag: 'Catalogue', paged: true };
const useNotices = listHook<Notice>(notices);
const STATUS_INTENT = ['none', 'success', 'warning'] as const;
const FIELDS: readonly FieldSpec<NoticeForm>[] = [
  { name: 'title', labelKey: 'notice.title', required: true, maxLength: 100 },
  { name: 'content', labelKey: 'notice.content', kind: 'textarea', required: true, maxLength: 4000 },
];
const EMPTY: NoticeForm = { title: '', content: '' };

/** /system/systemNotice: announcements, written as drafts, then published to home and withdrawn. */
export function SystemNoticeScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { save, remove } = useResourceMutations(notices);
  const [call, { isLoading }] = useResourceCallMutation();
  const toForm = useCallback((row: Notice): NoticeForm => ({ title: row.title, content: row.content }), []);
  const columns = useMemo<ColumnSpec<Notice>[]>(
    () => [
      { key: 'title', titleKey: 'notice.title', width: 220, render: (r) => r.title },
      { key: 'status', titleKey: 'notice.status', width: 90, render: (r) => <Tag minimal intent={STATUS_INTENT[r.status] ?? 'none'}>{t(`notice.status.${r.status}`)}</Tag> },
      { key: 'content', titleKey: 'notice.content', width: 320, render: (r) => r.content },
      { key: 'publishedAt', titleKey: 'notice.publishedAt', width: 160, render: (r) => (r.publishedAt ? cstTime(r.publishedAt) : '') },
      { key: 'author', titleKey: 'notice.author', width: 100, render: (r) => r.author },
      { key: 'updatedAt', titleKey: 'notice.updatedAt', width: 160, render: (r) => cstTime(r.updatedAt) },
    ],
    [t],
  );
  const act = async (row: Notice, action: 'publish' | 'withdraw', clear: () => void) => {
    const result = await call({ request: { url: `basic/notice/${row.id}/${action}`, method: 'POST' }, invalidates: ['Catalogue'] });
    if (!('error' in result)) {
      notify('success', t(action === 'publish' ? 'notice.publishDone' : 'notice.withdrawDone'));
      clear();
    }
  };
  return (
    <TableScreen<Notice, NoticeForm>
      screen="systemNotice"
      searchPlaceholderKey="notice.searchPlaceholder"
      columns={columns}
      useList={useNotices}
      fields={FIELDS}
      emptyForm={EMPTY}
      toForm={toForm}
      dialogWidth={600}
      addTitleKey="notice.add"
      editTitleKey="notice.edit"
      save={(form, editing) => save({ title: form.title.trim(), content: form.content.trim() }, editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      toolbar={(selected, clear) => {
        const row = selected.length === 1 ? selected[0] : undefined;
        return (
          <WithPower code="systemNotice:modify">
            <Button icon="send-message" className="of-notice-publish" intent="success" text={t('notice.publish')} disabled={!row || row.status === 1 || isLoading} onClick={() => row && void act(row, 'publish', clear)} />
            <Button icon="undo" className="of-notice-withdraw" text={t('notice.withdraw')} disabled={!row || row.status !== 1 || isLoading} onClick={() => row && void act(row, 'withdraw', clear)} />
          </WithPower>
        );
      }}
    />
  );
}
