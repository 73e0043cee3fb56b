import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { listHook } from '../table-screen/resource-api';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { FleetGrantDialog } from './FleetGrantDialog';
import { vgPowerResource, type UserGrant } from './powerApi';

const useGrantList = listHook<UserGrant>(vgPowerResource);

/**
 * /index/vgPower (车组权限): which vehicle groups each user sees. Without grants a user sees every
 * vehicle of their company; granted fleets and single vehicles narrow every list, map and report to
 * those fleets' vehicles (and their sub-fleets) plus the granted vehicles. Saving ends the user's sessions so the new scope applies at once.
 */
export default function VgPowerScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<UserGrant | null>(null);

  const columns: ColumnSpec<UserGrant>[] = [
    { key: 'account', titleKey: 'vgPower.account', sortable: true, width: 140, render: (row) => row.account },
    { key: 'name', titleKey: 'vgPower.name', sortable: true, width: 140, render: (row) => row.name },
    { key: 'scope', titleKey: 'vgPower.scope', width: 140, render: (row) => <Tag minimal intent={row.wholeCompany ? 'none' : 'primary'}>{t(row.wholeCompany ? 'vgPower.wholeCompany' : row.fleetIds.length ? 'vgPower.someFleets' : 'vgPower.someVehicles')}</Tag> },
    { key: 'fleetNames', titleKey: 'vgPower.fleets', width: 300, render: (row) => row.fleetNames.join('、') },
    { key: 'vehiclePlates', titleKey: 'vgPower.vehicles', width: 300, render: (row) => (row.vehiclePlates ?? []).join('、') },
  ];

  return (
    <>
      <TableScreen<UserGrant, Record<string, string>>
        {...readOnlyTable('vgPower.grantTitle')}
        screen="vgPower"
        searchPlaceholderKey="vgPower.searchUser"
        columns={columns}
        useList={useGrantList}
        canAdd={false}
        canDelete={false}
        cellData={t}
        toolbar={(selected) => (
          <WithPower code="vgPower:modify">
            <Button icon="people" intent="primary" text={t('vgPower.grant')} onClick={() => (selected.length === 1 ? setGranting(selected[0]!) : notify('warning', t('common.selectOneRow')))} />
          </WithPower>
        )}
      />
      <FleetGrantDialog user={granting} onClose={() => setGranting(null)} />
    </>
  );
}
