import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useGranted } from '../access/granted';
import { labelMap, useCompanyOptions, useFleetOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useLookup, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { Role } from '../role/role-form';
import { ResetPassword } from './ResetPassword';
import { emptyUserForm, formToUser, userFields, userToForm, type User, type UserForm } from './user-form';

const useUserList = listHook<User>(resources.user);

/** /index/userManage: accounts, their roles, and password reset. */
export default function UserScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const roles = useLookup<Role[]>(resources.role.path, 'Role', !useGranted('roleManage:search'));
  const roleOptions = useMemo(() => (roles ?? []).map((role) => ({ value: String(role.id), label: role.name })), [roles]);
  const fleets = useFleetOptions();
  const fields = useMemo(() => userFields(companies, roleOptions, fleets), [companies, roleOptions, fleets]);
  const companyName = labelMap(companies);
  const roleName = labelMap(roleOptions);
  const { save, remove } = useResourceMutations(resources.user);

  const columns: readonly ColumnSpec<User>[] = [
    { key: 'account', titleKey: 'user.account', sortable: true, width: 130, render: (row) => row.account },
    { key: 'name', titleKey: 'user.name', sortable: true, width: 130, render: (row) => row.name },
    { key: 'userType', titleKey: 'user.type', sortable: true, width: 130, render: (row) => t(`user.type.${row.userType}`) },
    { key: 'companyId', titleKey: 'common.company', width: 160, render: (row) => companyName.get(String(row.companyId)) ?? '' },
    { key: 'roleIds', titleKey: 'user.roles', width: 180, render: (row) => (row.roleIds ?? []).map((id) => roleName.get(String(id)) ?? id).join(', ') },
    { key: 'phone', titleKey: 'user.phone', width: 130, render: (row) => row.phone ?? '' },
    { key: 'status', titleKey: 'user.status', sortable: true, width: 90, render: (row) => t(`user.status.${row.status}`) },
  ];

  return (
    <TableScreen<User, UserForm>
      screen="userManage"
      searchPlaceholderKey="user.searchPlaceholder"
      columns={columns}
      useList={useUserList}
      fields={fields}
      emptyForm={emptyUserForm}
      toForm={userToForm}
      dialogWidth={750}
      addTitleKey="user.add"
      editTitleKey="user.edit"
      save={(form, editing) => save(formToUser(form, editing !== null), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      toolbar={(selected) => <ResetPassword selected={selected} />}
    />
  );
}
