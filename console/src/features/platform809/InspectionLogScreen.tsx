import { HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import { daysAgo, FilterBar, today, useExport } from '../statistics/StatisticsScreens';
import type { ReportFilter } from '../statistics/statisticsApi';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { DutyCheck } from './platform-form';

type LogRow = DutyCheck & { platformName: string };
type LogFilter = ReportFilter & { status: string };

const inspectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    inspectionLog: build.query<{ records: LogRow[]; total: number }, LogFilter & { current: number; size: number }>({
      query: ({ status, ...params }) => ({ url: 'platform809/duty-checks/log', params: { ...params, ...(status ? { status } : {}) } }),
      providesTags: [{ type: 'DutyCheck', id: 'LOG' }],
    }),
  }),
});

const STATUS_INTENT: Record<number, Intent> = { 0: 'warning', 1: 'success', 2: 'danger' };
const at = (ms: number) => (ms ? cstTime(ms) : '—');

/** inspectionLog: the superior platforms' duty checks (查岗) and how they were answered, by window and reply status, with export. */
export function InspectionLogScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LogFilter>(() => ({ startTime: daysAgo(6), endTime: today(), status: '' }));
  const [filter, setFilter] = useState(draft);
  const useList = useMemo(
    () =>
      function useInspectionList(query: PageQuery, skip: boolean) {
        return inspectionApi.useInspectionLogQuery({ ...filter, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const columns: ColumnSpec<LogRow>[] = [
    { key: 'receivedAt', titleKey: 'platform809.receivedAt', width: 160, render: (r) => at(r.receivedAt) },
    { key: 'platform', titleKey: 'platform809.platform', width: 140, render: (r) => r.platformName || String(r.platformId) },
    { key: 'question', titleKey: 'platform809.question', width: 240, render: (r) => r.question },
    { key: 'deadlineAt', titleKey: 'platform809.deadlineAt', width: 160, render: (r) => at(r.deadlineAt) },
    { key: 'status', titleKey: 'platform809.replyStatus', width: 100, render: (r) => <Tag minimal intent={STATUS_INTENT[r.status]}>{t(`platform809.reply.${r.status}`)}</Tag> },
    { key: 'answer', titleKey: 'platform809.answer', width: 200, render: (r) => r.answer || '—' },
    { key: 'answeredAt', titleKey: 'platform809.answeredAt', width: 160, render: (r) => at(r.answeredAt) },
  ];
  const exportSheet = useExport('platform809/duty-checks/log/export', 'inspectionLog.xlsx');
  return (
    <TableScreen<LogRow, Record<string, string>>
      screen="inspectionLog"
      searchPlaceholderKey="platform809.question"
      columns={columns}
      useList={useList}
      {...readOnlyTable('menu.inspectionLog')}
      toolbar={() => (
        <FilterBar draft={draft} setDraft={(next) => setDraft({ ...draft, ...next })} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter, status: filter.status || undefined })} exportCode="inspectionLog:export">
          <HTMLSelect className="of-inspection-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })} aria-label={t('platform809.replyStatus')}>
            <option value="">{t('common.all')}</option>
            {[0, 1, 2].map((status) => (
              <option key={status} value={status}>
                {t(`platform809.reply.${status}`)}
              </option>
            ))}
          </HTMLSelect>
        </FilterBar>
      )}
    />
  );
}
