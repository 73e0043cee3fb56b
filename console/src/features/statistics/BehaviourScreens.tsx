import { Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { formatDuration } from '../alarm-report/report-format';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { daysAgo, FilterBar, today, useExport } from './StatisticsScreens';
import { useDriverRatingQuery, useDrivingBehaviorQuery, type BehaviourFigures, type BehaviourRow, type DriverRatingRow, type ReportFilter } from './statisticsApi';

const GRADE_INTENT = { A: 'success', B: 'primary', C: 'warning', D: 'danger' } as const;

/** The figure and score columns both screens share. */
function useFigureColumns<Row extends BehaviourFigures>(): ColumnSpec<Row>[] {
  const { t } = useTranslation();
  const units = { h: t('report.unit.h'), min: t('report.unit.min'), s: t('report.unit.s') };
  return [
    { key: 'score', titleKey: 'behaviour.score', width: 80, render: (r) => `${r.score}` },
    { key: 'grade', titleKey: 'behaviour.grade', width: 70, render: (r) => <Tag intent={GRADE_INTENT[r.grade]}>{r.grade}</Tag> },
    { key: 'mileageKm', titleKey: 'statistics.mileageKm', width: 90, render: (r) => r.mileageKm.toFixed(1) },
    { key: 'harshAccelCount', titleKey: 'behaviour.harshAccel', width: 80, render: (r) => `${r.harshAccelCount}` },
    { key: 'harshBrakeCount', titleKey: 'behaviour.harshBrake', width: 80, render: (r) => `${r.harshBrakeCount}` },
    { key: 'harshTurnCount', titleKey: 'behaviour.harshTurn', width: 80, render: (r) => `${r.harshTurnCount}` },
    { key: 'overspeedCount', titleKey: 'statistics.overspeedCount', width: 80, render: (r) => `${r.overspeedCount}` },
    { key: 'fatigueCount', titleKey: 'behaviour.fatigue', width: 80, render: (r) => `${r.fatigueCount}` },
    { key: 'nightDrivingS', titleKey: 'behaviour.night', width: 120, render: (r) => formatDuration(r.nightDrivingS, units) },
  ];
}

function useWindow() {
  const [draft, setDraft] = useState<ReportFilter>(() => ({ startTime: daysAgo(6), endTime: today() }));
  const [filter, setFilter] = useState(draft);
  return { draft, setDraft, filter, apply: () => setFilter(draft) };
}

/** drivingBehavior: per vehicle, worst score first. */
export function DrivingBehaviorScreen(_props: ScreenProps) {
  const { draft, setDraft, filter, apply } = useWindow();
  const figures = useFigureColumns<BehaviourRow>();
  const useList = useMemo(
    () =>
      function useBehaviourList(query: PageQuery, skip: boolean) {
        return useDrivingBehaviorQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const exportSheet = useExport('gps/report/driving-behavior/export', 'drivingBehavior.xlsx');
  return (
    <TableScreen<BehaviourRow, Record<string, string>>
      screen="drivingBehavior"
      searchPlaceholderKey="statistics.plate"
      columns={[{ key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (r) => r.plateCode || r.vehicleId }, ...figures]}
      useList={useList}
      {...readOnlyTable('menu.drivingBehavior')}
      toolbar={() => <FilterBar draft={draft} setDraft={setDraft} onQuery={apply} onExport={() => void exportSheet({ ...filter })} exportCode="drivingBehavior:export" />}
    />
  );
}

/** driverRating: per driver (the IC card in the vehicle each day), worst score first. */
export function DriverRatingScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { draft, setDraft, filter, apply } = useWindow();
  const figures = useFigureColumns<DriverRatingRow>();
  const { data: overview } = useDriverRatingQuery({ ...filter, current: 1, size: 1 });
  const useList = useMemo(
    () =>
      function useRatingList(query: PageQuery, skip: boolean) {
        return useDriverRatingQuery({ ...filter, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const exportSheet = useExport('gps/report/driver-rating/export', 'driverRating.xlsx');
  return (
    <TableScreen<DriverRatingRow, Record<string, string>>
      screen="driverRating"
      searchPlaceholderKey="records.driverName"
      columns={[
        { key: 'name', titleKey: 'records.driverName', width: 100, render: (r) => r.name || '—' },
        { key: 'licence', titleKey: 'records.licence', width: 170, render: (r) => r.licence || '—' },
        { key: 'plates', titleKey: 'statistics.plate', width: 140, render: (r) => r.plates.join(', ') },
        { key: 'days', titleKey: 'behaviour.days', width: 60, render: (r) => `${r.days}` },
        ...figures,
      ]}
      useList={useList}
      {...readOnlyTable('menu.driverRating')}
      toolbar={() => (
        <FilterBar draft={draft} setDraft={setDraft} onQuery={apply} onExport={() => void exportSheet({ ...filter })} exportCode="driverRating:export">
          <Tag minimal className="of-rating-unidentified">{t('behaviour.unidentified', { count: overview?.summary.unidentifiedDays ?? 0 })}</Tag>
        </FilterBar>
      )}
    />
  );
}
