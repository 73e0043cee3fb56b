import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { RESCUE_ALARM_TYPES, type RescueCaseEvent } from '@openfleet/contracts/alarm';
import { HubEvent } from '@openfleet/contracts/live';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useLiveEvent } from '../../app/use-live-socket';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { RescueDetail } from './RescueDetail';
import { RESCUE_STATUS_INTENT, rescueQuery, type RescueFilters } from './rescue-format';
import { useRescuePageQuery, type RescueCaseRow } from './rescueApi';
import { DateTimePicker } from '../formats/DateTimePicker';

function rescueListHook(filters: RescueFilters) {
  return function useRescueList(query: PageQuery, skip: boolean) {
    const { data, isFetching } = useRescuePageQuery(rescueQuery(query, filters), { skip, pollingInterval: 30_000 });
    return { data, isFetching };
  };
}

/**
 * collisionRescue: the rescue cases opened by collision and rollover alarms (last 7 days by
 * default), new ones arriving live; the detail moves a case along 待处理 → 已联系 → 救援中 → 已完成 / 误报.
 */
export default function CollisionRescueScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const [filters, setFilters] = useState<RescueFilters>(() => ({ startTime: cstTime(Date.now() - 7 * 86_400_000), endTime: cstTime(Date.now() + 3_600_000), type: '', status: '' }));
  const [detail, setDetail] = useState<number | null>(null);
  const useList = useMemo(() => rescueListHook(filters), [filters]);
  const set = (key: keyof RescueFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const announce = useCallback(
    (event: RescueCaseEvent) => {
      if (event.status === 0) notify('error', t('rescue.newCase', { plate: event.plateCode || event.terminalPhone, type: t(`alarm.kind.${event.type}`, { defaultValue: event.type }) }), 5000);
    },
    [t],
  );
  useLiveEvent(HubEvent.rescueCase, announce);
  const columns: readonly ColumnSpec<RescueCaseRow>[] = [
    { key: 'startedAt', titleKey: 'rescue.startedAt', width: 160, render: (c) => cstTime(c.startedAt) },
    { key: 'plateCode', titleKey: 'rescue.plate', width: 110, render: (c) => c.plateCode || c.terminalPhone },
    { key: 'type', titleKey: 'rescue.type', width: 130, render: (c) => t(`alarm.kind.${c.type}`, { defaultValue: c.type }) },
    { key: 'speedKmh', titleKey: 'rescue.speed', width: 80, render: (c) => `${c.speedKmh}` },
    { key: 'place', titleKey: 'geo.place', width: 200, render: (c) => c.place },
    { key: 'status', titleKey: 'rescue.status', width: 100, render: (c) => <Tag intent={RESCUE_STATUS_INTENT[c.status]} className={`of-rescue-status-${c.status}`}>{t(`rescue.statusName.${c.status}`)}</Tag> },
    { key: 'updatedAt', titleKey: 'rescue.updatedAt', width: 160, render: (c) => cstTime(c.updatedAt) },
  ];
  return (
    <>
      <TableScreen<RescueCaseRow, Record<string, string>>
        screen="collisionRescue"
        searchPlaceholderKey="rescue.plate"
        columns={columns}
        useList={useList}
        {...readOnlyTable('rescue.title')}
        toolbar={(selected) => (
          <div className="of-order-filters">
            <DateTimePicker value={filters.startTime} onChange={(value) => set('startTime')(value)} aria-label={t('alarm.from')} />
            <DateTimePicker value={filters.endTime} onChange={(value) => set('endTime')(value)} aria-label={t('alarm.to')} />
            <HTMLSelect value={filters.type} onChange={(e) => set('type')(e.currentTarget.value)} aria-label={t('rescue.type')}>
              <option value="">{t('alarm.anyType')}</option>
              {RESCUE_ALARM_TYPES.map((type) => <option key={type} value={type}>{t(`alarm.kind.${type}`, { defaultValue: type })}</option>)}
            </HTMLSelect>
            <HTMLSelect value={filters.status} onChange={(e) => set('status')(e.currentTarget.value)} aria-label={t('rescue.status')}>
              <option value="">{t('alarm.anyStatus')}</option>
              {[0, 1, 2, 3, 4].map((status) => <option key={status} value={status}>{t(`rescue.statusName.${status}`)}</option>)}
            </HTMLSelect>
            <WithPower code="collisionRescue:export">
              <Button icon="export" text={t('excel.export')} onClick={() => void downloadSheet(store.getState().session.token ?? '', 'gps/rescue/export', { ...rescueQuery({ pageNo: 1, pageSize: 20, keyword: '' }, filters) }, 'collisionRescue.xlsx').then((ok) => ok || notify('error', t('excel.exportFailed')))} />
            </WithPower>
            <Button icon="eye-open" className="of-rescue-open" text={t('rescue.detail')} disabled={selected.length !== 1} onClick={() => setDetail(selected[0].id)} />
          </div>
        )}
      />
      {detail !== null && <RescueDetail caseId={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
