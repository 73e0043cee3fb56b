import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { downloadSheet } from '../table-screen/excel-download';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { DateTimePicker } from '../formats/DateTimePicker';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { alarmQuery, type AlarmFilters as Filters } from './alarm-query';
import { HandlingStatsDialog } from '../alarm-report/HandlingStatsDialog';
import { AlarmDetail } from './AlarmDetail';
import { ManualAlarmConfirmButton } from './ManualAlarmConfirmButton';
import { ALARM_LEVEL_INTENT, ALARM_TYPES } from './alarm-types';
import { AlarmHandleDialog } from './AlarmHandleDialog';
import { OperatorName } from '../operator-names/OperatorName';
import { useAlarmPageQuery, type AlarmRow } from './alarmApi';


function alarmListHook(filters: Filters) {
  return function useAlarmList(query: PageQuery, skip: boolean) {
    const { data, isFetching } = useAlarmPageQuery(alarmQuery(query, filters), { skip, pollingInterval: 10_000 });
    return { data, isFetching };
  };
}

/** alarmHandle: the alarms of the scope (at most 7 days), filtered, handled one by one or many at once. */
export default function AlarmHandleScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(() => ({ startTime: cstTime(Date.now() - 86_400_000), endTime: cstTime(Date.now() + 3_600_000), type: '', level: '', handleStatus: '' }));
  const [handling, setHandling] = useState<AlarmRow[] | null>(null);
  const [detail, setDetail] = useState<AlarmRow | null>(null);
  const [stats, setStats] = useState(false);
  const store = useAppStore();
  const useList = useMemo(() => alarmListHook(filters), [filters]);
  const set = (key: keyof Filters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const columns: readonly ColumnSpec<AlarmRow>[] = [
    { key: 'startedAt', titleKey: 'alarm.startedAt', width: 160, render: (a) => cstTime(a.startedAt) },
    { key: 'plateCode', titleKey: 'alarm.plate', width: 110, render: (a) => a.plateCode || a.terminalPhone },
    { key: 'type', titleKey: 'alarm.type', width: 150, render: (a) => t(`alarm.kind.${a.type}`, { defaultValue: a.type }) },
    { key: 'level', titleKey: 'alarm.level', width: 90, render: (a) => <Tag intent={ALARM_LEVEL_INTENT[a.level]} className={`of-alarm-level-${a.level}`}>{t(`alarm.levelName.${a.level}`)}</Tag> },
    { key: 'source', titleKey: 'alarm.source', width: 80, render: (a) => t(`alarm.sourceName.${a.source}`) },
    { key: 'endedAt', titleKey: 'alarm.endedAt', width: 160, render: (a) => (a.endedAt ? cstTime(a.endedAt) : t('alarm.ongoing')) },
    { key: 'speedKmh', titleKey: 'alarm.speed', width: 80, render: (a) => `${a.maxSpeedKmh || a.speedKmh}` },
    { key: 'place', titleKey: 'geo.place', width: 190, render: (a) => a.place || '' },
    { key: 'handleStatus', titleKey: 'alarm.status', width: 110, render: (a) => <span className={`of-alarm-status-${a.handleStatus}`}>{t(`alarm.statusName.${a.handleStatus}`)}</span> },
    { key: 'handleResult', titleKey: 'alarm.result', width: 160, render: (a) => (a.handleResult ? `${t(`alarm.resultName.${a.handleResult}`)}${a.handleRemark ? `：${a.handleRemark}` : ''}` : '') },
    { key: 'handlerId', titleKey: 'alarm.handler', width: 100, render: (a) => (a.handlerId ? <OperatorName id={a.handlerId} /> : '') },
  ];
  return (
    <>
      <TableScreen<AlarmRow, Record<string, string>>
        screen="alarmHandle"
        searchPlaceholderKey="alarm.plate"
        columns={columns}
        useList={useList}
        rowKey={(alarm) => String(alarm.id)}
        {...readOnlyTable('alarm.title')}
        toolbar={(selected) => (
          <div className="of-order-filters">
            <DateTimePicker className="of-alarm-from" value={filters.startTime} onChange={set('startTime')} aria-label={t('alarm.from')} />
            <DateTimePicker className="of-alarm-to" value={filters.endTime} onChange={set('endTime')} aria-label={t('alarm.to')} />
            <HTMLSelect value={filters.type} onChange={(e) => set('type')(e.currentTarget.value)} aria-label={t('alarm.type')}>
              <option value="">{t('alarm.anyType')}</option>
              {ALARM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`alarm.kind.${type}`, { defaultValue: type })}
                </option>
              ))}
            </HTMLSelect>
            <HTMLSelect value={filters.level} onChange={(e) => set('level')(e.currentTarget.value)} aria-label={t('alarm.level')}>
              <option value="">{t('alarm.anyLevel')}</option>
              {[0, 1, 2, 3].map((level) => (
                <option key={level} value={level}>
                  {t(`alarm.levelName.${level}`)}
                </option>
              ))}
            </HTMLSelect>
            <HTMLSelect value={filters.handleStatus} onChange={(e) => set('handleStatus')(e.currentTarget.value)} aria-label={t('alarm.status')}>
              <option value="">{t('alarm.anyStatus')}</option>
              {[0, 1, 2, 3].map((status) => (
                <option key={status} value={status}>
                  {t(`alarm.statusName.${status}`)}
                </option>
              ))}
            </HTMLSelect>
            <WithPower code="alarmHandle:export">
              <Button icon="export" text={t('excel.export')} onClick={() => void downloadSheet(store.getState().session.token ?? '', 'gps/alarm/export', { ...alarmQuery({ pageNo: 1, pageSize: 20, keyword: '' }, filters) }, 'alarmHandle.xlsx').then((ok) => ok || notify('error', t('excel.exportFailed')))} />
            </WithPower>
            <Button icon="timeline-bar-chart" text={t('report.statistics')} onClick={() => setStats(true)} />
            <Button icon="eye-open" text={t('alarm.detail')} disabled={selected.length !== 1} onClick={() => setDetail(selected[0])} />
            <ManualAlarmConfirmButton selected={selected} />
            <WithPower code="alarmHandle:modify">
              <Button intent="primary" icon="tick" text={t('alarm.handle')} onClick={() => (selected.length ? setHandling([...selected]) : notify('warning', t('alarm.selectOne')))} />
            </WithPower>
          </div>
        )}
      />
      {handling && <AlarmHandleDialog alarms={handling} onClose={() => setHandling(null)} />}
      {detail && <AlarmDetail alarm={detail} onClose={() => setDetail(null)} />}
      {stats && <HandlingStatsDialog onClose={() => setStats(false)} />}
    </>
  );
}
