import { Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { daysAgo, FilterBar, today, useExport } from './StatisticsScreens';
import { useDriverRecordsQuery, usePowerRecordsQuery, type DriverRecord, type PowerRecord, type ReportFilter } from './statisticsApi';

/** driverIdentity: IC card insertions and removals (0x0702) and the tachograph's driver logins and logouts (GB/T 19056 12H). */
export function DriverIdentityScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportFilter>(() => ({ startTime: daysAgo(6), endTime: today() }));
  const [filter, setFilter] = useState(draft);
  const useList = useMemo(
    () =>
      function useDriverList(query: PageQuery, skip: boolean) {
        return useDriverRecordsQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const columns: ColumnSpec<DriverRecord>[] = [
    { key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (r) => r.plateCode || r.vehicleId },
    { key: 'time', titleKey: 'records.time', width: 160, render: (r) => r.time },
    { key: 'event', titleKey: 'records.event', width: 110, render: (r) => <Tag minimal>{t(`records.driver.${r.source}.${r.event}`)}</Tag> },
    { key: 'name', titleKey: 'records.driverName', width: 100, render: (r) => r.name ?? '—' },
    { key: 'licence', titleKey: 'records.licence', width: 190, render: (r) => r.licence ?? '—' },
    { key: 'issuer', titleKey: 'records.issuer', width: 160, render: (r) => r.issuer ?? '—' },
    { key: 'expiry', titleKey: 'records.expiry', width: 100, render: (r) => r.expiry ?? '—' },
    { key: 'icResult', titleKey: 'records.icResult', width: 110, render: (r) => (r.icResult === null ? '—' : t(`records.ic.${r.icResult}`)) },
  ];
  const exportSheet = useExport('gps/report/driver-records/export', 'driverIdentity.xlsx');
  return (
    <TableScreen<DriverRecord, Record<string, string>>
      screen="driverIdentity"
      searchPlaceholderKey="statistics.plate"
      columns={columns}
      useList={useList}
      {...readOnlyTable('menu.driverIdentity')}
      toolbar={() => <FilterBar draft={draft} setDraft={setDraft} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter })} exportCode="driverIdentity:export" />}
    />
  );
}

/** externalPower: the tachograph's external power records (GB/T 19056 13H): powered, cut. */
export function ExternalPowerScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportFilter>(() => ({ startTime: daysAgo(6), endTime: today() }));
  const [filter, setFilter] = useState(draft);
  const useList = useMemo(
    () =>
      function usePowerList(query: PageQuery, skip: boolean) {
        return usePowerRecordsQuery({ ...filter, plateCode: query.keyword || undefined, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter],
  );
  const columns: ColumnSpec<PowerRecord>[] = [
    { key: 'plateCode', titleKey: 'statistics.plate', width: 110, render: (r) => r.plateCode || r.vehicleId },
    { key: 'time', titleKey: 'records.time', width: 160, render: (r) => r.time },
    { key: 'event', titleKey: 'records.event', width: 110, render: (r) => <Tag minimal intent={r.event === 2 ? 'warning' : 'none'}>{t(`records.power.${r.event}`)}</Tag> },
  ];
  const exportSheet = useExport('gps/report/power-records/export', 'externalPower.xlsx');
  return (
    <TableScreen<PowerRecord, Record<string, string>>
      screen="externalPower"
      searchPlaceholderKey="statistics.plate"
      columns={columns}
      useList={useList}
      {...readOnlyTable('menu.externalPower')}
      toolbar={() => <FilterBar draft={draft} setDraft={setDraft} onQuery={() => setFilter(draft)} onExport={() => void exportSheet({ ...filter })} exportCode="externalPower:export" />}
    />
  );
}
