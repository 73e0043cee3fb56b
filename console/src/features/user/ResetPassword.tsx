import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { FormDialog } from '../table-screen/FormDialog';
import { useResourceCallMutation } from '../table-screen/resource-api';
import { passwordFields, type PasswordForm, type User } from './user-form';

const emptyPassword: PasswordForm = { password: '', confirm: '' };

/** Reset the selected user's password (`PUT /basic/user/:id/password`), behind `userManage:resetPassword`. */
export function ResetPassword({ selected }: { selected: readonly User[] }) {
  const { t } = useTranslation();
  const [call, { isLoading }] = useResourceCallMutation();
  const [user, setUser] = useState<User | null>(null);

  return (
    <WithPower code="userManage:resetPassword">
      <Button
        icon="key"
        text={t('user.resetPassword')}
        onClick={() => (selected.length === 1 ? setUser(selected[0] ?? null) : notify('warning', t('common.selectOneRow')))}
      />
      <FormDialog<PasswordForm>
        isOpen={user !== null}
        title={t('user.resetPasswordOf', { account: user?.account ?? '' })}
        width={440}
        fields={passwordFields}
        initial={emptyPassword}
        editing={false}
        saving={isLoading}
        onClose={() => setUser(null)}
        onSubmit={(form) => {
          if (!user) return;
          void call({ request: { url: `basic/user/${user.id}/password`, method: 'PUT', body: { password: form.password } }, invalidates: [] }).then(
            (result) => {
              if ('error' in result) return;
              notify('success', t('user.passwordReset'));
              setUser(null);
            },
          );
        }}
      />
    </WithPower>
  );
}
