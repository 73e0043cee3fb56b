import { Card, H5, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import type { FuelFigures, FuelFleetRow, FuelReportRow } from '@openfleet/contracts/vehicle-service';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { labelMap, useFleetOptions } from '../master-data/lookups';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { fuelFilter, lastWeek, type FuelFilterDraft } from './fuel-filter';
import { FuelFilterBar } from './FuelFilterBar';
import { useFuelReportQuery } from './fuelApi';
import './fuel.css';

type GroupBy = 'vehicle' | 'day';

const litres = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const per100 = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** The figures every row has, in the report's column order. */
function figureColumns<Row extends FuelFigures>(): ColumnSpec<Row>[] {
  return [
    { key: 'distanceKm', titleKey: 'fuel.report.distanceKm', width: 100, render: (row) => row.distanceKm.toFixed(1) },
    { key: 'consumedL', titleKey: 'fuel.report.consumedL', width: 100, render: (row) => litres(row.consumedL) },
    { key: 'refuelledL', titleKey: 'fuel.report.refuelledL', width: 100, render: (row) => litres(row.refuelledL) },
    { key: 'suspectedLossL', titleKey: 'fuel.report.suspectedLossL', width: 120, render: (row) => litres(row.suspectedLossL) },
    { key: 'litresPer100Km', titleKey: 'fuel.report.litresPer100Km', width: 110, render: (row) => per100(row.litresPer100Km) },
    { key: 'canConsumedL', titleKey: 'fuel.report.canConsumedL', width: 120, render: (row) => litres(row.canConsumedL) },
    { key: 'canDifferenceL', titleKey: 'fuel.report.canDifferenceL', width: 110, render: (row) => litres(row.canDifferenceL) },
  ];
}

/** Each fleet's totals over the window (the company's vehicles outside fleets under "no fleet"). */
function FleetTotals({ fleets }: { fleets: readonly FuelFleetRow[] }) {
  const { t } = useTranslation();
  const fleetName = labelMap(useFleetOptions());
  return (
    <Card className="of-fuel-fleets">
      <H5>{t('fuel.report.perFleet')}</H5>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>{t('common.fleet')}</th>
            <th>{t('fuel.report.vehicles')}</th>
            <th>{t('fuel.report.consumedL')}</th>
            <th>{t('fuel.report.refuelledL')}</th>
            <th>{t('fuel.report.suspectedLossL')}</th>
            <th>{t('fuel.report.litresPer100Km')}</th>
          </tr>
        </thead>
        <tbody>
          {fleets.length === 0 && (
            <tr>
              <td colSpan={6}>{t('common.noData')}</td>
            </tr>
          )}
          {fleets.map((fleet) => (
            <tr key={fleet.fleetId || 'none'} data-fleet={fleet.fleetId}>
              <td>{fleet.fleetId ? (fleetName.get(fleet.fleetId) ?? fleet.fleetId) : t('fuel.report.noFleet')}</td>
              <td>{fleet.vehicles}</td>
              <td>{litres(fleet.consumedL)}</td>
              <td>{litres(fleet.refuelledL)}</td>
              <td>{litres(fleet.suspectedLossL)}</td>
              <td>{per100(fleet.litresPer100Km)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

/** /vehicleService/fuelReport: consumed, refuelled, suspected loss and L/100 km per vehicle (or day) and per fleet. */
export default function FuelReportScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FuelFilterDraft>(() => lastWeek());
  const [groupBy, setGroupBy] = useState<GroupBy>('vehicle');
  const [fleets, setFleets] = useState<readonly FuelFleetRow[]>([]);
  const useList = useMemo(
    () =>
      function useFuelReportList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useFuelReportQuery({ ...fuelFilter(filter, query.keyword), groupBy, current: query.pageNo, size: query.pageSize }, { skip });
        // The fleet totals come with every page: the aside shows the latest.
        useEffect(() => setFleets(data?.fleets ?? []), [data]);
        return { data: data ? { records: data.rows, total: data.total } : undefined, isFetching };
      },
    [filter, groupBy],
  );
  const columns: ColumnSpec<FuelReportRow>[] = [
    { key: 'plateCode', titleKey: 'vehicleService.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    ...(groupBy === 'day' ? [{ key: 'day', titleKey: 'fuel.report.day', width: 100, render: (row: FuelReportRow) => row.day }] : []),
    ...figureColumns<FuelReportRow>(),
  ];
  const exportSheet = useExport('vehicleService/fuel/report/export', 'fuelReport.xlsx');
  return (
    <TableScreen<FuelReportRow, Record<string, string>>
      screen="fuelReport"
      searchPlaceholderKey="vehicleService.searchPlaceholder"
      columns={columns}
      useList={useList}
      cellData={`${groupBy}${t('fuel.report.day')}`}
      {...readOnlyTable('menu.fuelReport')}
      aside={<FleetTotals fleets={fleets} />}
      toolbar={() => (
        <FuelFilterBar filter={filter} onApply={setFilter} exportCode="fuelReport:export" offline={{ kind: 'fuelReport', params: { ...fuelFilter(filter), groupBy } }} onExport={() => void exportSheet({ ...fuelFilter(filter), groupBy })}>
          <HTMLSelect className="of-fuel-group" value={groupBy} aria-label={t('fuel.report.groupBy')} onChange={(e) => setGroupBy(e.currentTarget.value as GroupBy)}>
            <option value="vehicle">{t('fuel.report.perVehicle')}</option>
            <option value="day">{t('fuel.report.perVehicleDay')}</option>
          </HTMLSelect>
        </FuelFilterBar>
      )}
    />
  );
}
