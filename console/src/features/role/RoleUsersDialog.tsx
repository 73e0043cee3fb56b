import { Button, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import { useLookup, useResourceCallMutation } from '../table-screen/resource-api';
import type { User } from '../user/user-form';
import type { Role } from './role-form';

/** Splits users into those holding the role and those not. */
export function splitByRole(users: readonly User[], roleId: number): { authorised: User[]; unauthorised: User[] } {
  const holds = (user: User): boolean => (user.roleIds ?? []).includes(roleId);
  return { authorised: users.filter(holds), unauthorised: users.filter((user) => !holds(user)) };
}

/** Authorised and unauthorised users of a role; granting edits the user's `roleIds`. */
export function RoleUsersDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canList = useGranted('userManage:search');
  const users = useLookup<{ records: User[] }>('basic/user?size=1000', 'User', role === null || !canList)?.records ?? [];
  const [call, { isLoading }] = useResourceCallMutation();
  const { authorised, unauthorised } = splitByRole(users, role?.id ?? -1);

  const change = async (user: User, grant: boolean): Promise<void> => {
    if (!role) return;
    const others = (user.roleIds ?? []).filter((id) => id !== role.id);
    const roleIds = grant ? [...others, role.id] : others;
    const result = await call({ request: { url: `basic/user/${user.id}`, method: 'PUT', body: { roleIds } }, invalidates: ['User'] });
    if (!('error' in result)) notify('success', t('common.saved'));
  };

  const table = (title: string, rows: readonly User[], grant: boolean) => (
    <div className="of-role-users-column">
      <h5 className="bp6-heading">{title}</h5>
      <HTMLTable compact striped>
        <tbody>
          {rows.map((user) => (
            <tr key={user.id}>
              <td>{user.account}</td>
              <td>{user.name}</td>
              <td>
                <Button
                  size="small"
                  icon={grant ? 'add' : 'remove'}
                  loading={isLoading}
                  aria-label={t(grant ? 'role.grant' : 'role.revoke', { account: user.account })}
                  onClick={() => void change(user, grant)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );

  return (
    <Dialog isOpen={role !== null} title={t('role.usersOf', { name: role?.name ?? '' })} onClose={onClose} style={{ width: 900 }}>
      <DialogBody>
        <div className="of-role-users">
          {table(t('role.authorised'), authorised, false)}
          {table(t('role.unauthorised'), unauthorised, true)}
        </div>
      </DialogBody>
    </Dialog>
  );
}
