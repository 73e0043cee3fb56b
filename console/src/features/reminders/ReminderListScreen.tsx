import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { REMINDER_KINDS, type ReminderKind, type ReminderRow } from '@openfleet/contracts/vehicle-service';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { thresholdLabel } from './reminder-counts';
import { useMarkRemindersMutation, useReminderPageQuery } from './remindersApi';
import './reminders.css';

const STATUS_INTENT = ['warning', 'none', 'success'] as const;

/** /vehicleService/reminderList: reminders of the scope by kind and status; mark the selected read or done. */
export default function ReminderListScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const fromUrl = new URLSearchParams(location.search).get('kind');
  const [kind, setKind] = useState<ReminderKind | ''>(REMINDER_KINDS.includes(fromUrl as ReminderKind) ? (fromUrl as ReminderKind) : '');
  const [status, setStatus] = useState<'' | '0' | '1' | '2'>('0');
  const [mark, { isLoading }] = useMarkRemindersMutation();

  const useList = (query: PageQuery, skip: boolean) =>
    useReminderPageQuery(
      { current: query.pageNo, size: query.pageSize, ...(query.keyword ? { plateCode: query.keyword } : {}), ...(kind ? { kind } : {}), ...(status ? { status: Number(status) as 0 | 1 | 2 } : {}) },
      { skip },
    );

  const columns: readonly ColumnSpec<ReminderRow>[] = [
    { key: 'plateCode', titleKey: 'reminders.plate', width: 120, render: (r) => r.plateCode },
    { key: 'kind', titleKey: 'reminders.kind', width: 110, render: (r) => t(`reminders.kind.${r.kind}`) },
    {
      key: 'threshold', titleKey: 'reminders.threshold', width: 150,
      render: (r) => {
        const label = thresholdLabel(r.threshold);
        return t(label.key, { days: label.days });
      },
    },
    { key: 'dueDate', titleKey: 'reminders.dueDate', width: 110, render: (r) => r.dueDate ?? '' },
    { key: 'daysLeft', titleKey: 'reminders.daysLeft', width: 90, render: (r) => (r.daysLeft === null ? '' : String(r.daysLeft)) },
    { key: 'mileage', titleKey: 'reminders.mileage', width: 150, render: (r) => (r.serviceIntervalKm === null ? '' : `${r.mileageSinceServiceKm ?? 0} / ${r.serviceIntervalKm} km`) },
    { key: 'predictedDueDate', titleKey: 'reminders.predictedDueDate', width: 120, render: (r) => r.predictedDueDate ?? '' },
    { key: 'status', titleKey: 'reminders.status', width: 90, render: (r) => <Tag minimal intent={STATUS_INTENT[r.status]}>{t(`reminders.status.${r.status}`)}</Tag> },
    { key: 'createdAt', titleKey: 'reminders.createdAt', width: 160, render: (r) => cstTime(r.createdAt) },
  ];

  const markSelected = (rows: readonly ReminderRow[], to: 'read' | 'done', clear: () => void) => {
    if (!rows.length) return;
    void mark({ ids: rows.map((r) => r.id), to }).then(clear);
  };

  return (
    <div className="of-reminder-list">
      <div className="of-reminder-filters">
        <HTMLSelect aria-label={t('reminders.kind')} value={kind} onChange={(e) => setKind(e.currentTarget.value as ReminderKind | '')}>
          <option value="">{t('reminders.allKinds')}</option>
          {REMINDER_KINDS.map((k) => (<option key={k} value={k}>{t(`reminders.kind.${k}`)}</option>))}
        </HTMLSelect>
        <HTMLSelect aria-label={t('reminders.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
          <option value="">{t('reminders.allStatuses')}</option>
          {[0, 1, 2].map((s) => (<option key={s} value={String(s)}>{t(`reminders.status.${s}`)}</option>))}
        </HTMLSelect>
      </div>
      <TableScreen<ReminderRow, Record<string, never>>
        screen="reminderList" searchPlaceholderKey="reminders.searchPlate" columns={columns} useList={useList}
        {...readOnlyTable('reminders.title')}
        canAdd={false}
        canDelete={false}
        toolbar={(selected, clear) => (
          <WithPower code="reminderList:modify">
            <Button icon="eye-open" text={t('reminders.markRead')} disabled={!selected.length || isLoading} onClick={() => markSelected(selected, 'read', clear)} />
            <Button icon="tick" intent="success" text={t('reminders.markDone')} disabled={!selected.length || isLoading} onClick={() => markSelected(selected, 'done', clear)} />
          </WithPower>
        )}
      />
    </div>
  );
}
