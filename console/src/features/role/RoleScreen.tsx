import { useMemo, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { labelMap, useCompanyOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useResourceMutations, useResourceSaveMutation } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { PermissionDialog } from './PermissionDialog';
import { emptyRoleForm, formToRole, roleFields, roleToForm, type Role, type RoleForm } from './role-form';
import { RoleUsersDialog } from './RoleUsersDialog';

const useRoleList = listHook<Role>(resources.role);

/** /index/roleManage: roles, their permission tree, and their authorised/unauthorised users. */
export default function RoleScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const companyName = labelMap(companies);
  const fields = useMemo(() => roleFields(companies), [companies]);
  const { save, remove } = useResourceMutations(resources.role);
  const [saveRole, { isLoading }] = useResourceSaveMutation();
  const [permissionsOf, setPermissionsOf] = useState<Role | null>(null);
  const [usersOf, setUsersOf] = useState<Role | null>(null);

  const columns: readonly ColumnSpec<Role>[] = [
    { key: 'name', titleKey: 'role.name', sortable: true, width: 160, render: (row) => row.name },
    { key: 'roleType', titleKey: 'role.type', sortable: true, width: 150, render: (row) => t(`role.type.${row.roleType}`) },
    { key: 'companyId', titleKey: 'common.company', width: 160, render: (row) => companyName.get(String(row.companyId)) ?? '' },
    { key: 'actionCodes', titleKey: 'role.codeCount', width: 110, render: (row) => String(row.actionCodes.length) },
    { key: 'description', titleKey: 'role.description', width: 240, render: (row) => row.description ?? '' },
  ];

  const one = (selected: readonly Role[], then: (role: Role) => void): void => {
    if (selected.length === 1 && selected[0]) then(selected[0]);
    else notify('warning', t('common.selectOneRow'));
  };

  return (
    <>
      <TableScreen<Role, RoleForm>
        screen="roleManage"
        searchPlaceholderKey="role.searchPlaceholder"
        columns={columns}
        useList={useRoleList}
        fields={fields}
        emptyForm={emptyRoleForm}
        toForm={roleToForm}
        dialogWidth={600}
        addTitleKey="role.add"
        editTitleKey="role.edit"
        save={(form, editing) => save(formToRole(form, editing !== null), editing?.id)}
        remove={(rows) => remove(rows.map((row) => row.id))}
        toolbar={(selected) => (
          <WithPower code="roleManage:modify">
            <Button icon="key" text={t('role.permissions')} onClick={() => one(selected, setPermissionsOf)} />
            <Button icon="people" text={t('role.users')} onClick={() => one(selected, setUsersOf)} />
          </WithPower>
        )}
      />
      <PermissionDialog
        role={permissionsOf}
        saving={isLoading}
        onClose={() => setPermissionsOf(null)}
        onSave={(actionCodes) => {
          if (!permissionsOf) return;
          void saveRole({ resource: resources.role, id: permissionsOf.id, body: { actionCodes } }).then((result) => {
            if ('error' in result) return;
            notify('success', t('common.saved'));
            setPermissionsOf(null);
          });
        }}
      />
      <RoleUsersDialog role={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
