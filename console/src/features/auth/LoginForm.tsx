import { useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { sessionApi, useLoginMutation } from '../session/sessionApi';
import { tokenGranted, userLoaded } from '../session/sessionSlice';

/** Username and password; on success the access guard takes over (menu tree, LastUrl). */
export function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  const usernameError = touched && username.trim() === '' ? 'validation.required' : null;
  const passwordError = touched && password === '' ? 'validation.required' : null;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '') return;
    const result = await login({ username: username.trim(), password });
    if ('error' in result || !result.data) return;
    dispatch(tokenGranted({ grant: result.data, receivedAt: Date.now() }));
    notify('success', t('auth.loggedIn'));
    const info = await dispatch(
      sessionApi.endpoints.getCurrentUserInfo.initiate(undefined, { subscribe: false }),
    );
    if (info.data) {
      const { id, realName, name, username: account } = info.data;
      dispatch(userLoaded({ id: String(id), name: realName ?? name ?? account ?? username }));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormGroup
        label={t('auth.username')}
        labelFor="auth-username"
        helperText={usernameError ? t(usernameError) : undefined}
        intent={usernameError ? 'danger' : 'none'}
      >
        <InputGroup
          id="auth-username"
          name="username"
          leftIcon="user"
          autoComplete="username"
          value={username}
          onValueChange={setUsername}
          intent={usernameError ? 'danger' : 'none'}
        />
      </FormGroup>
      <FormGroup
        label={t('auth.password')}
        labelFor="auth-password"
        helperText={passwordError ? t(passwordError) : undefined}
        intent={passwordError ? 'danger' : 'none'}
      >
        <InputGroup
          id="auth-password"
          name="password"
          type="password"
          leftIcon="lock"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          intent={passwordError ? 'danger' : 'none'}
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        fill
        size="large"
        loading={isLoading}
        text={t('auth.submit.login')}
      />
    </form>
  );
}
