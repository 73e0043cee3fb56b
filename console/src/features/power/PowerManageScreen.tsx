import { Button, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { formatCst } from '../monitor/liveSlice';
import { useResourceListQuery } from '../table-screen/resource-api';
import type { FieldSpec, FormValues, PageQuery, PageResult } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { ExportButton } from '../vehicle-operation/ExportButton';
import { FilterSelect } from '../vehicle-operation/FilterSelect';
import { LockHistoryDialog } from './LockHistoryDialog';
import { powerManageResource as resource, useBatchVehicleLimitMutation, useClearVehicleLimitMutation, useConfigureVehicleLimitMutation, type VehicleLimitRow } from './powerApi';

const PHONE = /^1[3-9]\d{9}$/;

// The password is never shown back: empty keeps the one set, as does the phone (shown masked in the list).
const FIELDS: FieldSpec<FormValues>[] = [
  { name: 'capable', labelKey: 'powerManage.capable', kind: 'select', required: true, options: [{ value: '1', labelKey: 'powerManage.capableState.1' }, { value: '0', labelKey: 'powerManage.capableState.0' }] },
  { name: 'authPhone', labelKey: 'powerManage.authPhoneKeep', maxLength: 11, validate: (value) => (PHONE.test(value) ? null : 'powerManage.badPhone') },
  { name: 'password', labelKey: 'powerManage.passwordKeep', kind: 'password', maxLength: 32, validate: (value) => (value.length >= 6 ? null : 'powerManage.passwordShort') },
];

/**
 * /index/powerManage (车辆断油断电权限): which vehicles may be remotely cut off (fuel/power), the
 * phone that receives the lock wizard's SMS code and whether a limit password is set (never shown);
 * batch grant or withdrawal and each vehicle's lock history.
 */
export default function PowerManageScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ capable: '', locked: '' });
  const [history, setHistory] = useState<VehicleLimitRow | null>(null);
  const [configure] = useConfigureVehicleLimitMutation();
  const [batch] = useBatchVehicleLimitMutation();
  const [clear] = useClearVehicleLimitMutation();

  const useList = useMemo(
    () =>
      function useLimitList(query: PageQuery, skip: boolean): { data?: PageResult<VehicleLimitRow>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource, query, filter: { capable: filter.capable || undefined, locked: filter.locked || undefined } as Record<string, string> }, { skip });
        return { data: data as PageResult<VehicleLimitRow> | undefined, isFetching };
      },
    [filter],
  );

  const columns: ColumnSpec<VehicleLimitRow>[] = [
    { key: 'plateCode', titleKey: 'powerManage.plate', sortable: true, width: 120, render: (row) => row.plateCode },
    { key: 'capable', titleKey: 'powerManage.capable', width: 130, render: (row) => <Tag minimal intent={row.capable ? 'success' : 'none'} data-capable={row.capable ? 1 : 0}>{t(`powerManage.capableState.${row.capable ? 1 : 0}`)}</Tag> },
    { key: 'authPhone', titleKey: 'powerManage.authPhone', width: 130, render: (row) => row.authPhone },
    { key: 'passwordSet', titleKey: 'powerManage.password', width: 100, render: (row) => t(row.passwordSet ? 'powerManage.passwordSet' : 'powerManage.passwordUnset') },
    { key: 'locked', titleKey: 'powerManage.lockState', width: 100, render: (row) => <Tag minimal intent={row.locked ? 'danger' : 'none'}>{t(row.locked ? 'powerManage.locked' : 'powerManage.unlocked')}</Tag> },
    { key: 'updatedAt', titleKey: 'powerManage.updatedAt', sortable: true, width: 150, render: (row) => (row.updatedAt ? formatCst(Math.floor(row.updatedAt / 1000)) : '') },
  ];

  const save = async (form: FormValues, editing: VehicleLimitRow | null): Promise<boolean> => {
    if (!editing) return false;
    const result = await configure({ vehicleId: editing.vehicleId, capable: form.capable === '1', authPhone: form.authPhone || undefined, password: form.password || undefined });
    return !('error' in result);
  };

  const remove = async (rows: readonly VehicleLimitRow[]): Promise<boolean> => {
    for (const row of rows) if ('error' in (await clear(row.vehicleId))) return false;
    return true;
  };

  const setCapable = async (selected: readonly VehicleLimitRow[], capable: boolean): Promise<void> => {
    if (!selected.length) {
      notify('warning', t('common.selectRowFirst'));
      return;
    }
    const result = await batch({ vehicleIds: selected.map((row) => row.vehicleId), capable });
    if (!('error' in result)) notify('success', t('powerManage.batchDone', { count: result.data.changed }));
  };

  return (
    <>
      <TableScreen<VehicleLimitRow, FormValues>
        screen="powerManage"
        searchPlaceholderKey="powerManage.searchPlate"
        columns={columns}
        useList={useList}
        fields={FIELDS}
        emptyForm={{ capable: '0', authPhone: '', password: '' }}
        toForm={(row) => ({ capable: row.capable ? '1' : '0', authPhone: '', password: '' })}
        dialogWidth={440}
        addTitleKey="powerManage.edit"
        editTitleKey="powerManage.edit"
        canAdd={false}
        save={save}
        remove={remove}
        cellData={t}
        toolbar={(selected) => (
          <>
            <WithPower code="powerManage:modify">
              <Button icon="unlock" text={t('powerManage.enable')} onClick={() => void setCapable(selected, true)} />
              <Button icon="disable" text={t('powerManage.disable')} onClick={() => void setCapable(selected, false)} />
            </WithPower>
            <Button icon="history" text={t('powerManage.history')} onClick={() => (selected.length === 1 ? setHistory(selected[0]!) : notify('warning', t('common.selectOneRow')))} />
            <FilterSelect label="powerManage.capable" prefix="powerManage.capableState" values={[1, 0]} value={filter.capable} onChange={(capable) => setFilter((f) => ({ ...f, capable }))} />
            <FilterSelect label="powerManage.lockState" prefix="powerManage.lockedState" values={[1, 0]} value={filter.locked} onChange={(locked) => setFilter((f) => ({ ...f, locked }))} />
            <ExportButton screen="powerManage" path={resource.path} params={filter} />
          </>
        )}
      />
      <LockHistoryDialog vehicle={history} onClose={() => setHistory(null)} />
    </>
  );
}
