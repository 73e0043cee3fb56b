import { Button, Drawer, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { conditionStates, openDoors } from './condition-states';
import { ConditionDetail } from './ConditionDetail';
import { ActiveTags, StateTag } from './ConditionTags';
import { useVehicleConditionsQuery, type VehicleConditionView } from './vehicleConditionApi';
import './vehicle-condition.css';

const dash = (value: number | string | null | undefined) => (value === null || value === undefined ? '—' : String(value));

/**
 * vehicleCondition (车况): per vehicle of the scope, live, the body and electrical states of the
 * status word (doors, ACC, lock, circuits), the lights and brake of item 0x25, IO, signal strength,
 * satellites and the newest CAN values; a drawer with every state; Excel export.
 */
export default function VehicleConditionScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'' | '0' | '1'>('');
  const [detail, setDetail] = useState<string | null>(null);
  const useList = useMemo(
    () =>
      function useConditionList(query: PageQuery, skip: boolean) {
        return useVehicleConditionsQuery(
          { plateCode: query.keyword || undefined, vehicleStatus: status === '' ? undefined : Number(status), current: query.pageNo, size: query.pageSize },
          { skip },
        );
      },
    [status],
  );
  const exportSheet = useExport('gps/vehicle-condition/export', 'vehicleCondition.xlsx');
  const columns: ColumnSpec<VehicleConditionView>[] = [
    { key: 'plateCode', titleKey: 'monitor.field.plate', width: 110, render: (r) => r.plateCode || r.vehicleId },
    { key: 'online', titleKey: 'condition.field.online', width: 70, render: (r) => <Tag minimal intent={r.vehicleStatus ? 'success' : 'none'}>{t(r.vehicleStatus ? 'condition.online' : 'condition.offline')}</Tag> },
    { key: 'gpsTime', titleKey: 'condition.field.gpsTime', width: 150, render: (r) => dash(r.gpsTime) },
    { key: 'acc', titleKey: 'condition.state.acc', width: 80, render: (r) => <StateTag state={conditionStates(r).body[0]} withLabel={false} /> },
    {
      key: 'doors',
      titleKey: 'condition.field.doors',
      width: 130,
      render: (r) => {
        const { decoded } = conditionStates(r);
        if (r.statusFlags === null) return '—';
        const open = openDoors(decoded);
        return <span data-doors={open.join(',') || 'closed'}>{open.length ? open.map((door) => t(`condition.state.door.${door}`)).join('、') + t('condition.value.open') : t('condition.allClosed')}</span>;
      },
    },
    { key: 'body', titleKey: 'condition.field.bodyAlerts', width: 170, render: (r) => <ActiveTags states={conditionStates(r).body.filter((state) => ['doorLock', 'oilCircuit', 'electricCircuit'].includes(state.key))} /> },
    { key: 'signals', titleKey: 'condition.field.lights', width: 240, render: (r) => <ActiveTags states={conditionStates(r).signals} /> },
    { key: 'io', titleKey: 'condition.state.io', width: 90, render: (r) => <StateTag state={conditionStates(r).io} withLabel={false} /> },
    { key: 'signalStrength', titleKey: 'condition.field.signalStrength', width: 80, render: (r) => dash(r.signalStrength) },
    { key: 'satellites', titleKey: 'condition.field.satellites', width: 70, render: (r) => dash(r.satellites) },
    { key: 'can', titleKey: 'condition.field.can', width: 260, render: (r) => (r.can.length ? r.can.map((value) => `${value.name} ${value.value === null ? '—' : Math.round(value.value * 100) / 100}${value.unit}`).join('，') : '—') },
  ];
  // The drawer's row is its own cache entry: it follows that vehicle live whatever page the table shows.
  const shown = useVehicleConditionsQuery({ vehicleIds: detail ?? '', current: 1, size: 1 }, { skip: !detail }).data?.records[0] ?? null;
  return (
    <>
      <TableScreen<VehicleConditionView, Record<string, string>>
        screen="vehicleCondition"
        searchPlaceholderKey="statistics.plate"
        columns={columns}
        useList={useList}
        {...readOnlyTable('menu.vehicleCondition')}
        toolbar={(selected) => (
          <div className="of-condition-toolbar">
            <HTMLSelect aria-label={t('condition.field.online')} value={status} onChange={(event) => setStatus(event.currentTarget.value as '' | '0' | '1')}>
              <option value="">{t('condition.allVehicles')}</option>
              <option value="1">{t('condition.online')}</option>
              <option value="0">{t('condition.offline')}</option>
            </HTMLSelect>
            <Button className="of-condition-detail-button" icon="info-sign" text={t('condition.detail')} disabled={selected.length !== 1} onClick={() => setDetail(selected[0]?.vehicleId ?? null)} />
            <WithPower code="vehicleCondition:export">
              <Button className="of-condition-export" icon="export" text={t('excel.export')} onClick={() => void exportSheet({ vehicleStatus: status || undefined })} />
            </WithPower>
          </div>
        )}
      />
      <Drawer isOpen={detail !== null} onClose={() => setDetail(null)} title={shown ? `${shown.plateCode || shown.vehicleId} · ${t('menu.vehicleCondition')}` : ''} size="420px">
        <div className="of-condition-drawer">{shown && <ConditionDetail row={shown} />}</div>
      </Drawer>
    </>
  );
}
