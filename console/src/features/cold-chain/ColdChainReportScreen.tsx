import { Button, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import type { ColdChainExcursion, ColdChainTripRow } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { fuelFilter, fuelFilterProblem, lastWeek, type FuelFilterDraft } from '../fuel/fuel-filter';
import { useCompanyOptions } from '../master-data/lookups';
import { formatCst } from '../monitor/liveSlice';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useColdChainExcursionsQuery, useColdChainReportQuery } from './coldChainApi';
import { ColdChainExportButton } from './ColdChainExportButton';
import './cold-chain.css';
import { DateTimePicker } from '../formats/DateTimePicker';
import { Coordinates } from '../formats/Coordinates';

const time = (ms: number | null) => (ms === null ? '—' : formatCst(Math.floor(ms / 1000)));
const minutes = (seconds: number) => (seconds / 60).toFixed(1);
const degrees = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** China days (at most 31) and company; the plate comes from the table's search. */
function ReportFilterBar({ filter, onApply }: { filter: FuelFilterDraft; onApply: (filter: FuelFilterDraft) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const companies = useCompanyOptions();
  const apply = () => {
    const problem = fuelFilterProblem(draft);
    if (problem) notify('warning', t(problem, { days: 31 }));
    else onApply(draft);
  };
  return (
    <div className="of-cold-filters">
      <DateTimePicker mode="date" className="of-cold-from" value={draft.from} aria-label={t('coldChain.from')} onChange={(from) => setDraft({ ...draft, from })} />
      <DateTimePicker mode="date" className="of-cold-to" value={draft.to} aria-label={t('coldChain.to')} onChange={(to) => setDraft({ ...draft, to })} />
      <HTMLSelect value={draft.companyId} aria-label={t('common.company')} onChange={(e) => setDraft({ ...draft, companyId: e.currentTarget.value })}>
        <option value="">{t('coldChain.allCompanies')}</option>
        {companies.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </HTMLSelect>
      <Button className="of-cold-query" icon="filter" text={t('coldChain.query')} onClick={apply} />
    </div>
  );
}

/** /industry/coldChainReport: trips with their time in range, and the excursions with place and duration. */
export default function ColdChainReportScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FuelFilterDraft>(() => lastWeek());
  const [tab, setTab] = useState<'trips' | 'excursions'>('trips');
  const useTrips = useMemo(
    () =>
      function useTripList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useColdChainReportQuery({ ...fuelFilter(filter, query.keyword), current: query.pageNo, size: query.pageSize }, { skip });
        return { data: data ? { records: data.rows, total: data.total } : undefined, isFetching };
      },
    [filter],
  );
  const useExcursions = useMemo(
    () =>
      function useExcursionList(query: PageQuery, skip: boolean) {
        return useColdChainExcursionsQuery({ ...fuelFilter(filter, query.keyword), current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const tripColumns: ColumnSpec<ColdChainTripRow>[] = [
    { key: 'plateCode', titleKey: 'coldChain.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'startedAt', titleKey: 'coldChain.trip.start', width: 150, render: (row) => time(row.startedAt) },
    { key: 'endedAt', titleKey: 'coldChain.trip.end', width: 150, render: (row) => time(row.endedAt) },
    { key: 'measuredS', titleKey: 'coldChain.trip.measuredMin', width: 120, render: (row) => minutes(row.measuredS) },
    { key: 'inRangePercent', titleKey: 'coldChain.trip.inRangePercent', width: 110, render: (row) => <span className="of-cold-in-range">{row.inRangePercent === null ? '—' : `${row.inRangePercent.toFixed(1)}%`}</span> },
    { key: 'minTemperature', titleKey: 'coldChain.trip.min', width: 110, render: (row) => degrees(row.minTemperature) },
    { key: 'maxTemperature', titleKey: 'coldChain.trip.max', width: 110, render: (row) => degrees(row.maxTemperature) },
    { key: 'excursions', titleKey: 'coldChain.trip.excursions', width: 80, render: (row) => row.excursions },
    { key: 'doorOpenS', titleKey: 'coldChain.trip.doorOpenMin', width: 120, render: (row) => minutes(row.doorOpenS) },
  ];
  const excursionColumns: ColumnSpec<ColdChainExcursion>[] = [
    { key: 'plateCode', titleKey: 'coldChain.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'type', titleKey: 'coldChain.excursion.type', width: 150, render: (row) => t(`alarm.kind.${row.type}`) },
    { key: 'probe', titleKey: 'coldChain.excursion.probe', width: 60, render: (row) => row.probe || '—' },
    { key: 'startedAt', titleKey: 'coldChain.excursion.start', width: 150, render: (row) => time(row.startedAt) },
    { key: 'endedAt', titleKey: 'coldChain.excursion.end', width: 150, render: (row) => (row.endedAt === null ? t('coldChain.excursion.ongoing') : time(row.endedAt)) },
    { key: 'durationS', titleKey: 'coldChain.excursion.durationMin', width: 90, render: (row) => minutes(row.durationS) },
    { key: 'extreme', titleKey: 'coldChain.excursion.extreme', width: 80, render: (row) => degrees(row.extreme) },
    { key: 'place', titleKey: 'coldChain.excursion.place', width: 200, render: (row) => row.place || <Coordinates lng={row.longitude} lat={row.latitude} /> },
  ];
  const params = fuelFilter(filter) as unknown as Record<string, string | undefined>;
  const toolbar = (path: string, fileName: string) => () => (
    <>
      <ReportFilterBar filter={filter} onApply={setFilter} />
      <ColdChainExportButton code="coldChainReport:export" path={path} fileName={fileName} params={params} />
    </>
  );
  return (
    <Tabs id="cold-chain-report" selectedTabId={tab} onChange={(id) => setTab(id as 'trips' | 'excursions')} renderActiveTabPanelOnly>
      <Tab
        id="trips"
        title={t('coldChain.tab.trips')}
        panel={<TableScreen<ColdChainTripRow, Record<string, string>> screen="coldChainReport" searchPlaceholderKey="coldChain.searchPlate" columns={tripColumns} useList={useTrips} {...readOnlyTable('menu.coldChainReport')} toolbar={toolbar('industry/coldChain/report/export', 'coldChainReport.xlsx')} />}
      />
      <Tab
        id="excursions"
        title={t('coldChain.tab.excursions')}
        panel={<TableScreen<ColdChainExcursion, Record<string, string>> screen="coldChainReport" searchPlaceholderKey="coldChain.searchPlate" columns={excursionColumns} useList={useExcursions} cellData={t('coldChain.tab.excursions')} {...readOnlyTable('menu.coldChainReport')} toolbar={toolbar('industry/coldChain/excursions/export', 'coldChainExcursions.xlsx')} />}
      />
    </Tabs>
  );
}
