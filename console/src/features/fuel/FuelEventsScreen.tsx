import { HTMLSelect, Tag } from '@blueprintjs/core';
import type { FuelEventKind, FuelEventView } from '@openfleet/contracts/vehicle-service';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { formatCst } from '../monitor/liveSlice';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { fuelFilter, lastWeek, type FuelFilterDraft } from './fuel-filter';
import { FuelFilterBar } from './FuelFilterBar';
import { useFuelEventsQuery } from './fuelApi';
import './fuel.css';
import { Coordinates } from '../formats/Coordinates';

const time = (ms: number) => formatCst(Math.floor(ms / 1000));

/** /vehicleService/fuelEvents: refuels and suspected thefts or leaks with amount, place and time. */
export default function FuelEventsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FuelFilterDraft>(() => lastWeek());
  const [kind, setKind] = useState<FuelEventKind | ''>('');
  const useList = useMemo(
    () =>
      function useFuelEventList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useFuelEventsQuery({ ...fuelFilter(filter, query.keyword), ...(kind ? { kind } : {}), current: query.pageNo, size: query.pageSize }, { skip });
        return { data, isFetching };
      },
    [filter, kind],
  );
  const columns: ColumnSpec<FuelEventView>[] = [
    { key: 'plateCode', titleKey: 'vehicleService.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'kind', titleKey: 'fuel.event.kind', width: 120, render: (row) => <Tag minimal intent={row.kind === 'theft' ? 'danger' : 'success'}>{t(`fuel.kind.${row.kind}`)}</Tag> },
    { key: 'amountL', titleKey: 'fuel.event.amountL', width: 90, render: (row) => row.amountL.toFixed(1) },
    { key: 'startedAt', titleKey: 'fuel.event.startedAt', width: 150, render: (row) => time(row.startedAt) },
    { key: 'endedAt', titleKey: 'fuel.event.endedAt', width: 150, render: (row) => time(row.endedAt) },
    { key: 'litresBefore', titleKey: 'fuel.event.litresBefore', width: 100, render: (row) => row.litresBefore.toFixed(1) },
    { key: 'litresAfter', titleKey: 'fuel.event.litresAfter', width: 100, render: (row) => row.litresAfter.toFixed(1) },
    { key: 'place', titleKey: 'vehicleService.place', width: 190, render: (row) => <Coordinates lng={row.longitude} lat={row.latitude} /> },
    { key: 'whileStopped', titleKey: 'fuel.event.whileStopped', width: 90, render: (row) => t(row.whileStopped ? 'common.yes' : 'common.no') },
  ];
  const exportSheet = useExport('vehicleService/fuel/events/export', 'fuelEvents.xlsx');
  return (
    <TableScreen<FuelEventView, Record<string, string>>
      screen="fuelEvents"
      searchPlaceholderKey="vehicleService.searchPlaceholder"
      columns={columns}
      useList={useList}
      cellData={t}
      {...readOnlyTable('menu.fuelEvents')}
      toolbar={() => (
        <FuelFilterBar filter={filter} onApply={setFilter} exportCode="fuelEvents:export" offline={{ kind: 'fuelEvents', params: { ...fuelFilter(filter), ...(kind ? { kind } : {}) } }} onExport={() => void exportSheet({ ...fuelFilter(filter), kind: kind || undefined })}>
          <HTMLSelect className="of-fuel-kind" value={kind} aria-label={t('fuel.event.kind')} onChange={(e) => setKind(e.currentTarget.value as FuelEventKind | '')}>
            <option value="">{t('fuel.kind.all')}</option>
            <option value="refuel">{t('fuel.kind.refuel')}</option>
            <option value="theft">{t('fuel.kind.theft')}</option>
          </HTMLSelect>
        </FuelFilterBar>
      )}
    />
  );
}
