import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { HighChart } from '../../charts/HighChart';
import type { ScreenProps } from '../access/screen-props';
import { hasPower } from '../access/menu-tree';
import { usePower, WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { durationText, FAULT_KIND_NAMES, faultQuery, summaryChart, type FaultFilters } from './fault-format';
import { useFaultPageQuery, useFaultSummaryQuery, type FaultRow } from './faultApi';
import { DateTimePicker } from '../formats/DateTimePicker';

function faultListHook(filters: FaultFilters) {
  return function useFaultList(query: PageQuery, skip: boolean) {
    const { data, isFetching } = useFaultPageQuery(faultQuery(query, filters), { skip, pollingInterval: 60_000 });
    return { data, isFetching };
  };
}

/**
 * faultInformation: the terminals' module faults (alarm bits) and video device faults of the scope,
 * per vehicle with start, end, duration and status, and their count per kind as a bar chart.
 */
export default function FaultInformationScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const [filters, setFilters] = useState<FaultFilters>(() => ({ startTime: cstTime(Date.now() - 7 * 86_400_000), endTime: cstTime(Date.now() + 3_600_000), kind: '', source: '', status: '' }));
  const useList = useMemo(() => faultListHook(filters), [filters]);
  const { current: _c, size: _s, ...summaryFilter } = faultQuery({ pageNo: 1, pageSize: 20, keyword: '' }, filters);
  // Without faultInformation:search the summary would be refused, like the list.
  const { data: summary } = useFaultSummaryQuery(summaryFilter, { skip: !hasPower(usePower(), 'faultInformation:search') });
  const units = { h: t('fault.unit.h'), m: t('fault.unit.m'), s: t('fault.unit.s') };
  const chart = useMemo(() => summaryChart(summary ?? [], (kind) => t(`alarm.kind.${kind}`, { defaultValue: kind }), { count: t('fault.count'), ongoing: t('fault.ongoingCount') }), [summary, t]);
  const set = (key: keyof FaultFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const columns: readonly ColumnSpec<FaultRow>[] = [
    { key: 'plateCode', titleKey: 'fault.plate', width: 110, render: (f) => f.plateCode || f.terminalPhone },
    { key: 'kind', titleKey: 'fault.kind', width: 170, render: (f) => t(`alarm.kind.${f.kind}`, { defaultValue: f.kind }) },
    { key: 'source', titleKey: 'fault.source', width: 120, render: (f) => (f.source === 'video' ? t('fault.sourceVideo') : t('fault.sourceBit', { bit: f.bit })) },
    { key: 'startedAt', titleKey: 'fault.startedAt', width: 160, render: (f) => cstTime(f.startedAt) },
    { key: 'endedAt', titleKey: 'fault.endedAt', width: 160, render: (f) => (f.endedAt ? cstTime(f.endedAt) : '') },
    { key: 'durationS', titleKey: 'fault.duration', width: 100, render: (f) => durationText(f.durationS, units) },
    { key: 'status', titleKey: 'fault.status', width: 90, render: (f) => <Tag intent={f.status ? 'none' : 'warning'} className={`of-fault-status-${f.status}`}>{t(`fault.statusName.${f.status}`)}</Tag> },
  ];
  return (
    <div className="of-fault-screen">
      <div className="of-fault-summary" data-kinds={summary?.length ?? 0}>
        <HighChart options={chart} />
      </div>
      <TableScreen<FaultRow, Record<string, string>>
        screen="faultInformation"
        searchPlaceholderKey="fault.plate"
        columns={columns}
        useList={useList}
        {...readOnlyTable('fault.title')}
        toolbar={() => (
          <div className="of-order-filters">
            <DateTimePicker value={filters.startTime} onChange={(value) => set('startTime')(value)} aria-label={t('alarm.from')} />
            <DateTimePicker value={filters.endTime} onChange={(value) => set('endTime')(value)} aria-label={t('alarm.to')} />
            <HTMLSelect value={filters.kind} onChange={(e) => set('kind')(e.currentTarget.value)} aria-label={t('fault.kind')}>
              <option value="">{t('fault.anyKind')}</option>
              {FAULT_KIND_NAMES.map((kind) => <option key={kind} value={kind}>{t(`alarm.kind.${kind}`, { defaultValue: kind })}</option>)}
            </HTMLSelect>
            <HTMLSelect value={filters.source} onChange={(e) => set('source')(e.currentTarget.value)} aria-label={t('fault.source')}>
              <option value="">{t('fault.anySource')}</option>
              <option value="terminal">{t('fault.sourceTerminal')}</option>
              <option value="video">{t('fault.sourceVideo')}</option>
            </HTMLSelect>
            <HTMLSelect value={filters.status} onChange={(e) => set('status')(e.currentTarget.value)} aria-label={t('fault.status')}>
              <option value="">{t('alarm.anyStatus')}</option>
              {[0, 1].map((status) => <option key={status} value={status}>{t(`fault.statusName.${status}`)}</option>)}
            </HTMLSelect>
            <WithPower code="faultInformation:export">
              <Button icon="export" text={t('excel.export')} onClick={() => void downloadSheet(store.getState().session.token ?? '', 'gps/fault/export', { ...faultQuery({ pageNo: 1, pageSize: 20, keyword: '' }, filters) }, 'faultInformation.xlsx').then((ok) => ok || notify('error', t('excel.exportFailed')))} />
            </WithPower>
          </div>
        )}
      />
    </div>
  );
}
