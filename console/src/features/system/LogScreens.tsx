import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import { listHook } from '../table-screen/resource-api';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { logFilterParams, type LogFilter } from './log-filter';
import { systemLogText } from './system-log-text';
import { DateTimePicker } from '../formats/DateTimePicker';

interface OperationLogRow {
  readonly id: number;
  readonly account: string;
  readonly method: string;
  readonly path: string;
  readonly errorCode: number;
  readonly ip: string;
  readonly createdAt: number;
}

interface SystemLogRow {
  readonly id: number;
  readonly level: 'info' | 'warn' | 'error';
  readonly event: string;
  readonly message: string;
  readonly detail: string;
  readonly source: string;
  readonly createdAt: number;
}

const LEVEL_INTENT = { info: 'none', warn: 'warning', error: 'danger' } as const;
const EVENTS = ['start', 'stop', 'migration', 'login-failed', 'account-locked', 'admin-created', 'company-registered', 'password-reset'];

function useLogScreen(initial: LogFilter) {
  const [draft, setDraft] = useState<LogFilter>(initial);
  const [filter, setFilter] = useState<LogFilter>(initial);
  return { draft, setDraft, filter, apply: () => setFilter(draft) };
}

function ExportButton({ screen, path, filter, file }: { screen: string; path: string; filter: LogFilter; file: string }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const run = async () => {
    const ok = await downloadSheet(store.getState().session.token ?? '', path, logFilterParams(filter), file);
    if (!ok) notify('error', t('excel.exportFailed'));
  };
  return (
    <WithPower code={`${screen}:export`}>
      <Button icon="export" className="of-log-export" text={t('excel.export')} onClick={() => void run()} />
    </WithPower>
  );
}

/** /system/operationLog: who changed what, when (one row per changing request), with filters and export. */
export function OperationLogScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { draft, setDraft, filter, apply } = useLogScreen({ from: '', to: '', account: '' });
  const useList = useMemo(() => listHook<OperationLogRow>({ path: 'basic/operation-log', tag: 'Catalogue', paged: true }, logFilterParams(filter)), [filter]);
  const columns: ColumnSpec<OperationLogRow>[] = [
    { key: 'createdAt', titleKey: 'log.time', width: 160, render: (r) => cstTime(r.createdAt) },
    { key: 'account', titleKey: 'log.account', width: 110, render: (r) => r.account },
    { key: 'method', titleKey: 'log.method', width: 70, render: (r) => r.method },
    { key: 'path', titleKey: 'log.path', width: 300, render: (r) => r.path },
    { key: 'errorCode', titleKey: 'log.result', width: 80, render: (r) => <Tag minimal intent={r.errorCode === 200 ? 'success' : 'danger'}>{r.errorCode}</Tag> },
    { key: 'ip', titleKey: 'log.ip', width: 130, render: (r) => r.ip },
  ];
  return (
    <TableScreen<OperationLogRow, Record<string, string>>
      screen="operationLog"
      searchPlaceholderKey="log.searchPath"
      columns={columns}
      useList={useList}
      {...readOnlyTable('log.operationTitle')}
      toolbar={() => (
        <div className="of-order-filters">
          <DateTimePicker className="of-log-from" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} aria-label={t('log.from')} />
          <DateTimePicker className="of-log-to" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} aria-label={t('log.to')} />
          <InputGroup className="of-log-account" placeholder={t('log.account')} value={draft.account ?? ''} onChange={(e) => setDraft({ ...draft, account: e.currentTarget.value })} aria-label={t('log.account')} />
          <Button icon="filter" className="of-log-apply" text={t('log.apply')} onClick={apply} />
          <ExportButton screen="operationLog" path="basic/operation-log/export" filter={filter} file="operation-log.xlsx" />
        </div>
      )}
    />
  );
}

/** /system/systemLog: starts and stops, migrations, failed logins and locks, registrations ... with filters and export. */
export function SystemLogScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { draft, setDraft, filter, apply } = useLogScreen({ from: '', to: '', level: '', event: '' });
  const useList = useMemo(() => listHook<SystemLogRow>({ path: 'basic/system-log', tag: 'Catalogue', paged: true }, logFilterParams(filter)), [filter]);
  const columns: ColumnSpec<SystemLogRow>[] = [
    { key: 'createdAt', titleKey: 'log.time', width: 160, render: (r) => cstTime(r.createdAt) },
    { key: 'level', titleKey: 'log.level', width: 70, render: (r) => <Tag minimal intent={LEVEL_INTENT[r.level] ?? 'none'}>{t(`log.level.${r.level}`)}</Tag> },
    { key: 'event', titleKey: 'log.event', width: 130, render: (r) => t(`log.event.${r.event}`, { defaultValue: r.event }) },
    { key: 'message', titleKey: 'log.message', width: 280, render: (r) => {
      const text = systemLogText(r);
      return text ? t(text.key, text.values) : r.message;
    } },
    { key: 'detail', titleKey: 'log.detail', width: 260, render: (r) => r.detail },
    { key: 'source', titleKey: 'log.source', width: 140, render: (r) => r.source },
  ];
  return (
    <TableScreen<SystemLogRow, Record<string, string>>
      screen="systemLog"
      searchPlaceholderKey="log.searchMessage"
      columns={columns}
      useList={useList}
      {...readOnlyTable('log.systemTitle')}
      toolbar={() => (
        <div className="of-order-filters">
          <DateTimePicker className="of-log-from" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} aria-label={t('log.from')} />
          <DateTimePicker className="of-log-to" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} aria-label={t('log.to')} />
          <HTMLSelect className="of-log-level" value={draft.level} onChange={(e) => setDraft({ ...draft, level: e.currentTarget.value })} aria-label={t('log.level')}>
            <option value="">{t('log.allLevels')}</option>
            {(['info', 'warn', 'error'] as const).map((level) => <option key={level} value={level}>{t(`log.level.${level}`)}</option>)}
          </HTMLSelect>
          <HTMLSelect className="of-log-event" value={draft.event} onChange={(e) => setDraft({ ...draft, event: e.currentTarget.value })} aria-label={t('log.event')}>
            <option value="">{t('log.allEvents')}</option>
            {EVENTS.map((event) => <option key={event} value={event}>{t(`log.event.${event}`)}</option>)}
          </HTMLSelect>
          <Button icon="filter" className="of-log-apply" text={t('log.apply')} onClick={apply} />
          <ExportButton screen="systemLog" path="basic/system-log/export" filter={filter} file="system-log.xlsx" />
        </div>
      )}
    />
  );
}
