import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import type { PressReleaseView } from '@openfleet/contracts/admin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { sessionApi } from '../session/sessionApi';
import { useCompanyOptions } from '../master-data/lookups';
import { downloadSheet } from '../table-screen/excel-download';
import { useLookup, useResourceCallMutation, useResourceListQuery, useResourceMutations, type Resource } from '../table-screen/resource-api';
import type { PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { EMPTY_PRESS_RELEASE, pressReleaseBody, pressReleaseFields, toPressReleaseForm, type PressReleaseForm } from './press-release-form';
import { ReceiptsDialog } from './ReceiptsDialog';
import { SendToDriversDialog } from './SendToDriversDialog';

const pressReleases: Resource = { path: 'basic/pressRelease', tag: 'Notice', paged: true };
const STATUS_INTENT = ['none', 'success', 'warning'] as const;
const LEVEL_INTENT = ['none', 'warning', 'danger'] as const;

/**
 * /monitor/pressRelease (发布公告): notices to console users — the whole company, chosen companies
 * (super administrators), roles or users — with a level, a publish time and an expiry. Readers see
 * them in the header's bell; the publisher sees per notice who read it when, and can send a
 * published notice to drivers' terminals as a 0x8300 text with each terminal's answer as receipt.
 */
export default function PressReleaseScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.session.token) ?? '';
  // Chosen companies are for super administrators only (the server refuses others with 403).
  const superAdmin = Boolean((sessionApi.endpoints.getCurrentUserInfo.useQuery().data as { superAdmin?: boolean } | undefined)?.superAdmin);
  const [status, setStatus] = useState('');
  const [receiptsOf, setReceiptsOf] = useState<PressReleaseView | null>(null);
  const [sendOf, setSendOf] = useState<PressReleaseView | null>(null);
  const { save, remove } = useResourceMutations(pressReleases);
  const [call, { isLoading }] = useResourceCallMutation();
  const companies = useCompanyOptions();
  const roles = useLookup<{ id: number; name: string }[]>('basic/role', 'Role', !useGranted('roleManage:search'));
  const users = useLookup<{ records: { id: number; account: string; name: string }[] }>('basic/user?current=1&size=1000', 'User', !useGranted('userManage:search'));
  const fields = useMemo(
    () =>
      pressReleaseFields({
        superAdmin,
        companies,
        roles: (roles ?? []).map((r) => ({ value: String(r.id), label: r.name })),
        users: (users?.records ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.account})` })),
      }),
    [superAdmin, companies, roles, users],
  );
  const filter = useMemo(() => (status ? { status: Number(status) } : undefined), [status]);
  const useList = useMemo(
    () =>
      function usePressReleaseList(query: PageQuery, skip: boolean): { data?: PageResult<PressReleaseView>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource: pressReleases, query, filter }, { skip });
        return { data: data as PageResult<PressReleaseView> | undefined, isFetching };
      },
    [filter],
  );
  const columns = useMemo<ColumnSpec<PressReleaseView>[]>(
    () => [
      { key: 'title', titleKey: 'notices.field.title', width: 200, render: (r) => r.title },
      { key: 'level', titleKey: 'notices.field.level', width: 70, render: (r) => <Tag minimal intent={LEVEL_INTENT[r.level] ?? 'none'}>{t(`notices.level.${r.level}`)}</Tag> },
      { key: 'audience', titleKey: 'notices.field.audience', width: 120, render: (r) => t(`notices.audience.${r.audience}`) },
      { key: 'status', titleKey: 'notices.field.status', width: 80, render: (r) => <Tag minimal intent={STATUS_INTENT[r.status] ?? 'none'}>{t(`notices.status.${r.status}`)}</Tag> },
      { key: 'publishedAt', titleKey: 'notices.field.publishAt', width: 150, render: (r) => (r.publishedAt ? cstTime(r.publishedAt) : '') },
      { key: 'expiresAt', titleKey: 'notices.field.expiresAt', width: 150, render: (r) => (r.expiresAt ? cstTime(r.expiresAt) : '') },
      { key: 'targeted', titleKey: 'notices.field.targeted', width: 80, render: (r) => r.targeted },
      { key: 'read', titleKey: 'notices.field.read', width: 110, render: (r) => <span className="of-notice-read-count" data-read={r.read}>{t('notices.readCount', { read: r.read, targeted: r.targeted })}</span> },
      { key: 'author', titleKey: 'notices.field.author', width: 90, render: (r) => r.author },
    ],
    [t],
  );
  const act = async (row: PressReleaseView, action: 'publish' | 'withdraw', clear: () => void) => {
    const result = await call({ request: { url: `basic/pressRelease/${row.id}/${action}`, method: 'POST' }, invalidates: ['Notice'] });
    if (!('error' in result)) {
      notify('success', t(action === 'publish' ? 'notices.publishDone' : 'notices.withdrawDone'));
      clear();
    }
  };
  const exportSheet = async () => {
    if (!(await downloadSheet(token, 'basic/pressRelease/export', { status }, 'pressRelease.xlsx'))) notify('error', t('excel.exportFailed'));
  };
  return (
    <>
      <TableScreen<PressReleaseView, PressReleaseForm>
        screen="pressRelease"
        searchPlaceholderKey="notices.searchPlaceholder"
        columns={columns}
        useList={useList}
        fields={fields}
        emptyForm={EMPTY_PRESS_RELEASE}
        toForm={toPressReleaseForm}
        dialogWidth={750}
        addTitleKey="notices.add"
        editTitleKey="notices.edit"
        save={(form, editing) => save(pressReleaseBody(form), editing?.id)}
        remove={(rows) => remove(rows.map((row) => row.id))}
        toolbar={(selected, clear) => {
          const row = selected.length === 1 ? selected[0] : undefined;
          return (
            <>
              <HTMLSelect className="of-notice-status-filter" value={status} onChange={(e) => setStatus(e.currentTarget.value)} aria-label={t('notices.field.status')}>
                <option value="">{t('notices.status.all')}</option>
                {[0, 1, 2].map((s) => <option key={s} value={s}>{t(`notices.status.${s}`)}</option>)}
              </HTMLSelect>
              <WithPower code="pressRelease:modify">
                <Button icon="send-message" className="of-notice-publish" intent="success" text={t('notices.publish')} disabled={!row || row.status === 1 || isLoading} onClick={() => row && void act(row, 'publish', clear)} />
                <Button icon="undo" className="of-notice-withdraw" text={t('notices.withdraw')} disabled={!row || row.status !== 1 || isLoading} onClick={() => row && void act(row, 'withdraw', clear)} />
              </WithPower>
              <Button icon="eye-open" className="of-notice-receipts" text={t('notices.receipts')} disabled={!row || row.status === 0} onClick={() => row && setReceiptsOf(row)} />
              <WithPower code="pressRelease:send">
                <Button icon="mobile-phone" className="of-notice-send" text={t('notices.sendToDrivers')} disabled={!row || row.status !== 1} onClick={() => row && setSendOf(row)} />
              </WithPower>
              <WithPower code="pressRelease:export">
                <Button icon="export" text={t('excel.export')} onClick={() => void exportSheet()} />
              </WithPower>
            </>
          );
        }}
      />
      <ReceiptsDialog notice={receiptsOf} onClose={() => setReceiptsOf(null)} />
      {sendOf && <SendToDriversDialog notice={sendOf} onClose={() => setSendOf(null)} />}
    </>
  );
}
