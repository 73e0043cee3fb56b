import { useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/toaster';
import {
  confirmationProblem,
  passwordProblem,
  passwordStrength,
  phoneProblem,
  smsCodeProblem,
} from './password-rules';
import { useRegisterMutation, useResetPasswordMutation } from '../session/sessionApi';
import { SmsCodeField } from './SmsCodeField';

interface PhoneCodeFormProps {
  readonly mode: 'register' | 'forgetPwd';
}

const strengthKey = [
  'auth.strength.weak',
  'auth.strength.weak',
  'auth.strength.medium',
  'auth.strength.strong',
] as const;
const strengthIntent = ['danger', 'danger', 'warning', 'success'] as const;

/** Register and forgotten-password share the phone + SMS code + password rules form. */
export function PhoneCodeForm({ mode }: PhoneCodeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [register, registerState] = useRegisterMutation();
  const [resetPassword, resetState] = useResetPasswordMutation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);

  const problems = {
    phone: phoneProblem(phone),
    code: smsCodeProblem(code),
    password: passwordProblem(password),
    confirmation: confirmationProblem(password, confirmation),
  };
  const shown = (key: keyof typeof problems): string | null => (touched ? problems[key] : null);
  const strength = passwordStrength(password);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some((problem) => problem !== null)) return;
    const request = { phone, code, password };
    const result = mode === 'register' ? await register(request) : await resetPassword(request);
    if ('error' in result) return;
    notify('success', t(mode === 'register' ? 'auth.registered' : 'auth.passwordReset'));
    void navigate('/login');
  };

  const field = (
    key: 'password' | 'confirmation',
    label: string,
    value: string,
    onChange: (v: string) => void,
  ) => (
    <FormGroup
      label={label}
      labelFor={`auth-${key}`}
      helperText={shown(key) ? t(shown(key) as string) : undefined}
      intent={shown(key) ? 'danger' : 'none'}
    >
      <InputGroup
        id={`auth-${key}`}
        name={key}
        type="password"
        autoComplete="new-password"
        value={value}
        onValueChange={onChange}
        intent={shown(key) ? 'danger' : 'none'}
      />
    </FormGroup>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormGroup
        label={t('auth.phone')}
        labelFor="auth-phone"
        helperText={shown('phone') ? t(shown('phone') as string) : undefined}
        intent={shown('phone') ? 'danger' : 'none'}
      >
        <InputGroup
          id="auth-phone"
          name="phone"
          leftIcon="mobile-phone"
          inputMode="tel"
          maxLength={11}
          value={phone}
          onValueChange={setPhone}
          intent={shown('phone') ? 'danger' : 'none'}
        />
      </FormGroup>
      <SmsCodeField
        phone={phone}
        purpose={mode}
        value={code}
        error={shown('code')}
        onChange={setCode}
        onSent={() => notify('info', t('auth.codeSent'))}
      />
      {field(
        'password',
        t(mode === 'register' ? 'auth.password' : 'auth.newPassword'),
        password,
        setPassword,
      )}
      <div className="of-strength">
        <span>
          {t('auth.strength')}: {password ? t(strengthKey[strength]) : '-'}
        </span>
        <ProgressBar value={strength / 3} intent={strengthIntent[strength]} animate={false} stripes={false} />
        <small className="bp6-text-muted">{t('auth.rule.hint')}</small>
      </div>
      {field('confirmation', t('auth.confirmPassword'), confirmation, setConfirmation)}
      <Button
        type="submit"
        intent="primary"
        fill
        size="large"
        loading={registerState.isLoading || resetState.isLoading}
        text={t(mode === 'register' ? 'auth.submit.register' : 'auth.submit.forgetPwd')}
      />
    </form>
  );
}
