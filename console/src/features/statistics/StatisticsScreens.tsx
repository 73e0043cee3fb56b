import { Button, Card, H5, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { formatDuration } from '../alarm-report/report-format';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import {
  useCreateExportTaskMutation,
  useOnlineTrendQuery,
  useMileageReportQuery,
  useOnlineReportQuery,
  useOperationReportQuery,
  type MileageRow,
  type OnlineRow,
  type ExportKind,
  type OperationRow,
  type ReportFilter,
} from './statisticsApi';
import { newestFirst } from './online-days';
import './statistics.css';
import { DateTimePicker } from '../formats/DateTimePicker';

const DAY_MS = 86_400_000;
export const today = () => cstTime(Date.now()).slice(0, 10);
export const daysAgo = (days: number) => cstTime(Date.now() - days * DAY_MS).slice(0, 10);

function useUnits() {
  const { t } = useTranslation();
  return { h: t('report.unit.h'), min: t('report.unit.min'), s: t('report.unit.s') };
}

/** One column chart (periods or days on x). */
function columnOptions(categories: readonly string[], name: string, data: readonly number[], type: 'column' | 'line' = 'column'): ChartOptions {
  return {
    chart: { type, height: 260, animation: false },
    title: { text: undefined },
    legend: { enabled: false },
    xAxis: { categories: [...categories] },
    yAxis: { title: { text: name } },
    series: categories.length ? [{ type, name, animation: false, data: [...data] }] : [],
  };
}

/** The window fields, the extra selects of a screen, query and export: the filter bar of every statistics screen. */
export function FilterBar({ draft, setDraft, onQuery, onExport, exportCode, offline, children }: {
  draft: ReportFilter;
  setDraft: (filter: ReportFilter) => void;
  onQuery: () => void;
  onExport: () => void;
  exportCode: string;
  /** The report as an offline download task (large exports), where it has one. */
  offline?: { kind: ExportKind; params: Record<string, unknown> };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [createTask] = useCreateExportTaskMutation();
  const exportOffline = async () => {
    if (!offline) return;
    const result = await createTask(offline);
    if (!('error' in result)) notify('success', t('exportTask.created'));
  };
  return (
    <div className="of-statistics-filters">
      <DateTimePicker mode="date" className="of-statistics-from" value={draft.startTime} onChange={(value) => setDraft({ ...draft, startTime: value })} aria-label={t('statistics.from')} title={t('statistics.windowHint')} />
      <DateTimePicker mode="date" className="of-statistics-to" value={draft.endTime} onChange={(value) => setDraft({ ...draft, endTime: value })} aria-label={t('statistics.to')} title={t('statistics.windowHint')} />
      {children}
      <Button className="of-statistics-query" icon="search" text={t('report.query')} onClick={onQuery} />
      <WithPower code={exportCode}>
        <Button className="of-statistics-export" icon="export" text={t('excel.export')} onClick={onExport} />
        {offline && <Button className="of-statistics-offline" icon="cloud-download" text={t('exportTask.offline')} onClick={() => void exportOffline()} />}
      </WithPower>
    </div>
  );
}

export function useExport(path: string, fileName: string) {
  const { t } = useTranslation();
  const store = useAppStore();
  return async (params: Record<string, string | undefined>) => {
    const ok = await downloadSheet(store.getState().session.token ?? '', path, params, fileName);
    if (!ok) notify('error', t('excel.exportFailed'));
  };
}

/** mileageStatistics: mileage per vehicle by day or month, a column per period, the period totals charted. */
export function MileageStatisticsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportFilter & { period: 'day' | 'month' }>(() => ({ startTime: `${today().slice(0, 8)}01`, endTime: today(), period: 'day' }));
  const [filter, setFilter] = useState(draft);
  const { data: overview } = useMileageReportQuery({ ...filter, current: 1, size: 1 });
  const useList = useMemo(
    () =>
      function useMileageList(query: PageQuery, skip: boolean) {
        return useMileageReportQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const periods = overview?.summary.periods ?? [];
  const columns: ColumnSpec<MileageRow>[] = [
    { key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'mileageTotal', titleKey: 'statistics.mileageTotal', width: 110, render: (row) => row.mileageTotal.toFixed(1) },
    ...periods.map((period, i) => ({ key: `p${i}`, titleKey: period, width: 96, render: (row: MileageRow) => (row.mileages[i] ?? 0).toFixed(1) })),
  ];
  const chart = useMemo(() => columnOptions(periods, t('statistics.mileageKm'), overview?.summary.periodTotals ?? []), [overview, periods, t]);
  const exportSheet = useExport('gps/report/mileage/export', 'mileageStatistics.xlsx');
  return (
    <TableScreen<MileageRow, Record<string, string>>
      screen="mileageStatistics"
      searchPlaceholderKey="statistics.plate"
      columns={columns}
      useList={useList}
      cellData={periods.join()}
      {...readOnlyTable('menu.mileageStatistics')}
      aside={
        <aside className="of-statistics-aside">
          <Card>
            <H5>{t('statistics.periodMileage')}</H5>
            <Tag className="of-statistics-total" minimal>{t('statistics.summaryMileage', { km: overview?.summary.mileageTotal ?? 0 })}</Tag>
            <HighChart options={chart} />
          </Card>
        </aside>
      }
      toolbar={() => (
        <FilterBar draft={draft} setDraft={(next) => setDraft({ ...draft, ...next })} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter })} exportCode="mileageStatistics:export" offline={{ kind: 'mileage', params: { ...filter } }}>
          <HTMLSelect className="of-statistics-period" value={draft.period} onChange={(e) => setDraft({ ...draft, period: e.currentTarget.value as 'day' | 'month' })} aria-label={t('statistics.period')}>
            <option value="day">{t('statistics.period.day')}</option>
            <option value="month">{t('statistics.period.month')}</option>
          </HTMLSelect>
        </FilterBar>
      )}
    />
  );
}

/** onlineStatistics: online days and time per vehicle, the daily online rate charted, never-online vehicles counted. */
export function OnlineStatisticsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const [draft, setDraft] = useState<ReportFilter>(() => ({ startTime: daysAgo(6), endTime: today() }));
  const [filter, setFilter] = useState(draft);
  const { data: overview } = useOnlineReportQuery({ ...filter, current: 1, size: 1 });
  const useList = useMemo(
    () =>
      function useOnlineList(query: PageQuery, skip: boolean) {
        return useOnlineReportQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const days = overview?.summary.days ?? [];
  const columns: ColumnSpec<OnlineRow>[] = [
    { key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'onlineDays', titleKey: 'statistics.onlineDays', width: 90, render: (row) => `${row.onlineDays}` },
    { key: 'onlineTotalS', titleKey: 'statistics.onlineTime', width: 140, render: (row) => formatDuration(row.onlineTotalS, units) },
    // Newest day first, beside the totals: today's column is on screen without scrolling right.
    ...newestFirst(days).map(({ day, i }) => ({ key: `d${i}`, titleKey: day, width: 110, render: (row: OnlineRow) => (row.onlineS[i] ? formatDuration(row.onlineS[i], units) : '—') })),
  ];
  const daily = overview?.summary.daily ?? [];
  const chart = useMemo(() => columnOptions(daily.map((d) => d.day), t('statistics.dailyRate'), daily.map((d) => d.rate), 'line'), [daily, t]);
  const exportSheet = useExport('gps/report/online/export', 'onlineStatistics.xlsx');
  return (
    <TableScreen<OnlineRow, Record<string, string>>
      screen="onlineStatistics"
      searchPlaceholderKey="statistics.plate"
      columns={columns}
      useList={useList}
      cellData={days.join()}
      {...readOnlyTable('menu.onlineStatistics')}
      aside={
        <aside className="of-statistics-aside">
          <Card>
            <H5>{t('statistics.onlineRate')}</H5>
            <Tag className="of-statistics-total" minimal data-rate={overview?.summary.onlineRate ?? 0}>
              {t('statistics.summaryOnline', { vehicles: overview?.summary.vehicles ?? 0, rate: overview?.summary.onlineRate ?? 0 })}
            </Tag>{' '}
            <Tag minimal>{t('statistics.neverOnline', { count: overview?.summary.neverOnline ?? 0 })}</Tag>
            <HighChart options={chart} />
          </Card>
          <OnlineTrend day={filter.endTime} />
        </aside>
      }
      toolbar={() => <FilterBar draft={draft} setDraft={setDraft} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter })} exportCode="onlineStatistics:export" offline={{ kind: 'online', params: { ...filter } }} />}
    />
  );
}

/** Vehicles online through one day in slots of 1, 5, 10 or 20 minutes (spec §9). */
function OnlineTrend({ day }: { day: string }) {
  const { t } = useTranslation();
  const [intervalMin, setIntervalMin] = useState(5);
  const { data } = useOnlineTrendQuery({ startTime: day, endTime: day, intervalMin });
  const options = useMemo<ChartOptions>(
    () => ({
      chart: { type: 'area', height: 220, animation: false },
      title: { text: undefined },
      legend: { enabled: false },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: { title: { text: t('statistics.onlineVehicles') }, allowDecimals: false },
      series: data ? [{ type: 'area', name: t('statistics.onlineVehicles'), animation: false, data: data.slots.map((slot) => [slot.at, slot.online]) }] : [],
    }),
    [data, t],
  );
  return (
    <Card className="of-online-trend" data-slots={data?.slots.length ?? 0}>
      <H5>
        {t('statistics.onlineTrend', { day })}{' '}
        <HTMLSelect value={intervalMin} onChange={(e) => setIntervalMin(Number(e.currentTarget.value))} aria-label={t('statistics.interval')}>
          {[1, 5, 10, 20].map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('statistics.minutes', { count: minutes })}
            </option>
          ))}
        </HTMLSelect>
      </H5>
      <HighChart options={options} />
    </Card>
  );
}

/** vehicleOperation: driving, idle and parked time, trips, stops, mileage, fuel, speeds and overspeed. */
export function VehicleOperationScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const [draft, setDraft] = useState<ReportFilter & { groupBy: 'vehicle' | 'day' }>(() => ({ startTime: daysAgo(6), endTime: today(), groupBy: 'vehicle' }));
  const [filter, setFilter] = useState(draft);
  const { data: overview } = useOperationReportQuery({ ...filter, current: 1, size: 1 });
  const useList = useMemo(
    () =>
      function useOperationList(query: PageQuery, skip: boolean) {
        return useOperationReportQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const duration = (seconds: number) => formatDuration(seconds, units);
  const columns: ColumnSpec<OperationRow>[] = [
    { key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    ...(filter.groupBy === 'day' ? [{ key: 'day', titleKey: 'statistics.day', width: 100, render: (row: OperationRow) => row.day }] : []),
    { key: 'mileageKm', titleKey: 'statistics.mileageKm', width: 90, render: (row) => row.mileageKm.toFixed(1) },
    { key: 'drivingS', titleKey: 'statistics.driving', width: 130, render: (row) => duration(row.drivingS) },
    { key: 'idleS', titleKey: 'statistics.idle', width: 130, render: (row) => duration(row.idleS) },
    { key: 'parkedS', titleKey: 'statistics.parked', width: 140, render: (row) => duration(row.parkedS) },
    { key: 'tripCount', titleKey: 'statistics.trips', width: 70, render: (row) => `${row.tripCount}` },
    { key: 'stopCount', titleKey: 'statistics.stops', width: 80, render: (row) => `${row.stopCount}` },
    { key: 'maxSpeedKmh', titleKey: 'statistics.maxSpeed', width: 110, render: (row) => `${row.maxSpeedKmh}` },
    { key: 'averageSpeedKmh', titleKey: 'statistics.averageSpeed', width: 110, render: (row) => `${row.averageSpeedKmh}` },
    { key: 'fuelL', titleKey: 'statistics.fuel', width: 80, render: (row) => `${row.fuelL}` },
    { key: 'overspeedCount', titleKey: 'statistics.overspeedCount', width: 80, render: (row) => `${row.overspeedCount}` },
    { key: 'overspeedS', titleKey: 'statistics.overspeedTime', width: 120, render: (row) => duration(row.overspeedS) },
  ];
  const exportSheet = useExport('gps/report/operation/export', 'vehicleOperation.xlsx');
  const summary = overview?.summary;
  return (
    <TableScreen<OperationRow, Record<string, string>>
      screen="vehicleOperation"
      searchPlaceholderKey="statistics.plate"
      columns={columns}
      useList={useList}
      cellData={filter.groupBy}
      {...readOnlyTable('menu.vehicleOperation')}
      toolbar={() => (
        <FilterBar draft={draft} setDraft={(next) => setDraft({ ...draft, ...next })} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter })} exportCode="vehicleOperation:export" offline={{ kind: 'operation', params: { ...filter } }}>
          <HTMLSelect className="of-statistics-group" value={draft.groupBy} onChange={(e) => setDraft({ ...draft, groupBy: e.currentTarget.value as 'vehicle' | 'day' })} aria-label={t('statistics.groupBy')}>
            <option value="vehicle">{t('statistics.groupBy.vehicle')}</option>
            <option value="day">{t('statistics.groupBy.day')}</option>
          </HTMLSelect>
          <Tag className="of-statistics-total" minimal>
            {t('statistics.summaryOperation', { km: summary?.mileageKm ?? 0, driving: duration(summary?.drivingS ?? 0), fuel: summary?.fuelL ?? 0 })}
          </Tag>
        </FilterBar>
      )}
    />
  );
}
