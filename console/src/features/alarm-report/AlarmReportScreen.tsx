import { Button, Card, H5 } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { barOptions } from '../../charts/bar-options';
import { HighChart } from '../../charts/HighChart';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useOverspeedDriversQuery } from '../statistics/statisticsApi';
import type { AlarmRankRow as RankRow, AlarmReportKind as ReportKind, AlarmReportRow as ReportRow } from '@openfleet/contracts/alarm';
import { useAlarmReportQuery, useAlarmReportTopQuery, type ReportWindow } from './alarmReportApi';
import { formatDuration, minutesOf } from './report-format';
import './alarm-report.css';
import { DateTimePicker } from '../formats/DateTimePicker';
import { Coordinates } from '../formats/Coordinates';

const PAGE: Record<ReportKind, string> = { overspeed: 'overSpeed', fatigue: 'fatigueDriving' };

function reportListHook(kind: ReportKind, window: ReportWindow) {
  return function useReportList(query: PageQuery, skip: boolean) {
    const { data, isFetching } = useAlarmReportQuery({ kind, params: { ...window, current: query.pageNo, size: query.pageSize, ...(query.keyword ? { keyword: query.keyword } : {}) } }, { skip });
    return { data, isFetching };
  };
}

/** The ten vehicles with the most alarms and with the longest total, as bar charts. */
function Rankings({ kind, window }: { kind: ReportKind; window: ReportWindow }) {
  const { t } = useTranslation();
  const { data } = useAlarmReportTopQuery({ kind, params: window });
  const pairs = (rows: RankRow[] | undefined, value: (row: RankRow) => number) => (rows ?? []).map((row) => [row.plateCode || row.vehicleId, value(row)] as const);
  const byCount = useMemo(() => barOptions(pairs(data?.byCount, (row) => row.count), t('report.count'), 240), [data, t]);
  const byDuration = useMemo(() => barOptions(pairs(data?.byDuration, (row) => minutesOf(row.durationS)), t('report.minutes'), 240), [data, t]);
  // Overspeed by driver: the IC card in the vehicle each day (tracking's day statistics).
  const { data: drivers } = useOverspeedDriversQuery(window, { skip: kind !== 'overspeed' });
  const driverCount = useMemo(() => barOptions((drivers?.byCount ?? []).map((row) => [row.name || row.licence, row.count] as const), t('report.count'), 240), [drivers, t]);
  const driverDuration = useMemo(() => barOptions((drivers?.byDuration ?? []).map((row) => [row.name || row.licence, minutesOf(row.durationS)] as const), t('report.minutes'), 240), [drivers, t]);
  return (
    <aside className="of-report-rankings" data-vehicles={data?.byCount.length ?? 0}>
      <Card>
        <H5>{t('report.topByCount')}</H5>
        <HighChart options={byCount} />
      </Card>
      <Card>
        <H5>{t('report.topByDuration')}</H5>
        <HighChart options={byDuration} />
      </Card>
      {kind === 'overspeed' && (
        <>
          <Card className="of-report-drivers" data-drivers={drivers?.byCount.length ?? 0}>
            <H5>{t('report.topDriversByCount')}</H5>
            <HighChart options={driverCount} />
          </Card>
          <Card>
            <H5>{t('report.topDriversByDuration')}</H5>
            <HighChart options={driverDuration} />
          </Card>
        </>
      )}
    </aside>
  );
}

/** overSpeed and fatigueDriving: each alarm with its duration (and speed and limit), top-10 rankings, Excel export. */
export function AlarmReportScreen({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const store = useAppStore();
  // The end reaches an hour ahead, as in alarmHandle: terminals whose clocks run a little fast stay in.
  const [draft, setDraft] = useState<ReportWindow>(() => ({ startTime: cstTime(Date.now() - 86_400_000), endTime: cstTime(Date.now() + 3_600_000) }));
  const [window, setWindow] = useState<ReportWindow>(draft);
  const useList = useMemo(() => reportListHook(kind, window), [kind, window]);
  const units = { h: t('report.unit.h'), min: t('report.unit.min'), s: t('report.unit.s') };
  const columns: ColumnSpec<ReportRow>[] = [
    { key: 'plateCode', titleKey: 'alarm.plate', width: 110, render: (r) => r.plateCode || r.vehicleId },
    { key: 'type', titleKey: 'alarm.type', width: 150, render: (r) => t(`alarm.kind.${r.type}`, { defaultValue: r.type }) },
    { key: 'startedAt', titleKey: 'alarm.startedAt', width: 160, render: (r) => cstTime(r.startedAt) },
    { key: 'endedAt', titleKey: 'alarm.endedAt', width: 160, render: (r) => (r.endedAt ? cstTime(r.endedAt) : t('alarm.ongoing')) },
    { key: 'durationS', titleKey: 'report.duration', width: 130, render: (r) => formatDuration(r.durationS, units) },
    ...(kind === 'overspeed'
      ? [
          { key: 'maxSpeedKmh', titleKey: 'report.maxSpeed', width: 110, render: (r: ReportRow) => `${r.maxSpeedKmh}` },
          { key: 'limitKmh', titleKey: 'report.limit', width: 100, render: (r: ReportRow) => (r.limitKmh === null ? '—' : `${r.limitKmh}`) },
        ]
      : []),
    { key: 'place', titleKey: 'alarm.place', width: 170, render: (r) => <Coordinates lng={r.longitude} lat={r.latitude} /> },
  ];
  const exportSheet = async () => {
    const ok = await downloadSheet(store.getState().session.token ?? '', `gps/alarm/report/${kind}/export`, { ...window }, `${PAGE[kind]}.xlsx`);
    if (!ok) notify('error', t('excel.exportFailed'));
  };
  return (
    <TableScreen<ReportRow, Record<string, string>>
      screen={PAGE[kind]}
      searchPlaceholderKey="alarm.plate"
      columns={columns}
      useList={useList}
      {...readOnlyTable('report.title')}
      aside={<Rankings kind={kind} window={window} />}
      toolbar={() => (
        <div className="of-order-filters">
          <DateTimePicker value={draft.startTime} onChange={(value) => setDraft({ ...draft, startTime: value })} aria-label={t('alarm.from')} />
          <DateTimePicker value={draft.endTime} onChange={(value) => setDraft({ ...draft, endTime: value })} aria-label={t('alarm.to')} />
          <Button icon="time" text={t('report.query')} onClick={() => setWindow(draft)} />
          <WithPower code={`${PAGE[kind]}:export`}>
            <Button icon="export" text={t('excel.export')} onClick={() => void exportSheet()} />
          </WithPower>
        </div>
      )}
    />
  );
}

export function OverSpeedScreen(_props: ScreenProps) {
  return <AlarmReportScreen kind="overspeed" />;
}

export function FatigueDrivingScreen(_props: ScreenProps) {
  return <AlarmReportScreen kind="fatigue" />;
}
