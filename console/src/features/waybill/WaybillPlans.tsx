import { Button, Tag, type Intent } from '@blueprintjs/core';
import type { WaybillView } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { Driver } from '../driver/driver-form';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { useExport } from '../statistics/StatisticsScreens';
import { useLookup } from '../table-screen/resource-api';
import type { PageQuery } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptyWaybillFilter, waybillListParams, type WaybillFilter } from './waybill-filter';
import { emptyWaybillForm, formToWaybill, waybillFields, waybillStateKey, waybillToForm, type WaybillForm } from './waybill-form';
import { useDeleteWaybillsMutation, useSaveWaybillMutation, useSendWaybillMutation, useWaybillsQuery } from './waybillApi';
import { WaybillFilterBar } from './WaybillFilterBar';
import { WaybillImport } from './WaybillImport';

/** The tracker writes states as positions arrive: the list looks again this often. */
const REFRESH_MS = 10_000;

const stateIntent = (row: WaybillView): Intent => (row.late ? 'danger' : row.status === 'arrived' ? 'success' : row.status === 'onTheWay' ? 'primary' : 'none');

/** The caller's vehicles (the monitor's tree) and drivers (the §7 picker list) for the dialog and the filter. */
export function useWaybillOptions() {
  const { data: tree } = useVehicleTreeQuery();
  const drivers = useLookup<Driver[]>('basic/driver/findDriverList', 'Driver');
  return useMemo(
    () => ({
      vehicles: vehicleOptions(tree ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.plate })),
      drivers: (drivers ?? []).map((driver) => ({ value: String(driver.id), label: driver.name })),
    }),
    [tree, drivers],
  );
}

/** Dispatchers' waybills: create, edit, delete, the tracked state, sending the text to the terminal, export. */
export function WaybillPlans() {
  const { t } = useTranslation();
  const options = useWaybillOptions();
  const fields = useMemo(() => waybillFields(options), [options]);
  const [filter, setFilter] = useState<WaybillFilter>(emptyWaybillFilter);
  const [saveWaybill] = useSaveWaybillMutation();
  const [deleteWaybills] = useDeleteWaybillsMutation();
  const [sendWaybill, { isLoading: sending }] = useSendWaybillMutation();
  const exportSheet = useExport('industry/waybill/export', 'waybills.xlsx');
  const useList = useMemo(
    () =>
      function useWaybillList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useWaybillsQuery(waybillListParams(filter, query), { skip, pollingInterval: REFRESH_MS });
        return { data, isFetching };
      },
    [filter],
  );
  const time = (value: string | null) => (value ? value.slice(5, 16) : '—');
  // What a dispatcher follows first (state and times) fits the screen; the cargo and parties follow.
  const columns: ColumnSpec<WaybillView>[] = [
    { key: 'waybillNo', titleKey: 'waybill.no', width: 150, render: (row) => row.waybillNo },
    { key: 'plateCode', titleKey: 'waybill.vehicle', width: 90, render: (row) => row.plateCode || row.vehicleId },
    { key: 'driverName', titleKey: 'waybill.driver', width: 70, render: (row) => row.driverName },
    { key: 'state', titleKey: 'waybill.state', width: 80, render: (row) => <Tag minimal intent={stateIntent(row)}>{t(waybillStateKey(row))}</Tag> },
    { key: 'plannedDepartAt', titleKey: 'waybill.plannedDepartAt', width: 95, render: (row) => time(row.plannedDepartAt) },
    { key: 'departedAt', titleKey: 'waybill.departedAt', width: 95, render: (row) => time(row.departedAt) },
    { key: 'plannedArriveAt', titleKey: 'waybill.plannedArriveAt', width: 95, render: (row) => time(row.plannedArriveAt) },
    { key: 'arrivedAt', titleKey: 'waybill.arrivedAt', width: 95, render: (row) => time(row.arrivedAt) },
    { key: 'sendStatus', titleKey: 'waybill.sendStatus', width: 90, render: (row) => (row.sendStatus === null ? '—' : t(`instruction.status.${row.sendStatus}`)) },
    { key: 'goods', titleKey: 'waybill.goods', width: 100, render: (row) => row.goods },
    { key: 'dangerousClass', titleKey: 'waybill.dangerousClass', width: 100, render: (row) => (row.dangerousClass ? <Tag intent="warning">{t(`waybill.dangerous.${row.dangerousClass}`)}</Tag> : t('waybill.dangerous.0')) },
    { key: 'route', titleKey: 'waybill.route', width: 170, render: (row) => `${row.origin.name} → ${row.destination.name}` },
    { key: 'shipper', titleKey: 'waybill.shipper', width: 100, render: (row) => row.shipper },
    { key: 'consignee', titleKey: 'waybill.consignee', width: 100, render: (row) => row.consignee },
  ];

  const send = async (rows: readonly WaybillView[]) => {
    if (rows.length === 0) return notify('warning', t('common.selectRowFirst'));
    for (const row of rows) if ('error' in (await sendWaybill(row.id))) return;
    notify('success', t('waybill.sent', { count: rows.length }));
  };

  return (
    <TableScreen<WaybillView, WaybillForm>
      screen="waybill"
      searchPlaceholderKey="waybill.searchPlaceholder"
      columns={columns}
      useList={useList}
      cellData={t}
      fields={fields}
      emptyForm={emptyWaybillForm}
      toForm={waybillToForm}
      dialogWidth={900}
      addTitleKey="waybill.add"
      editTitleKey="waybill.edit"
      save={async (form, editing) => !('error' in (await saveWaybill({ id: editing?.id, body: formToWaybill(form, options.drivers, editing?.via) })))}
      remove={async (rows) => !('error' in (await deleteWaybills(rows.map((row) => row.id))))}
      toolbar={(selected) => (
        <>
          <WithPower code="waybill:send">
            <Button className="of-waybill-send" icon="send-message" loading={sending} text={t('waybill.send')} onClick={() => void send(selected)} />
          </WithPower>
          <WaybillImport />
          <WaybillFilterBar filter={filter} vehicles={options.vehicles} withState onApply={setFilter} onExport={(f) => void exportSheet(waybillListParams(f) as Record<string, string>)} />
        </>
      )}
    />
  );
}
