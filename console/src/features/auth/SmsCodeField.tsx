import { useEffect, useState } from 'react';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { phoneProblem } from './password-rules';
import { useSendSmsCodeMutation } from '../session/sessionApi';

const RESEND_SECONDS = 60;

interface SmsCodeFieldProps {
  readonly phone: string;
  readonly purpose: 'register' | 'forgetPwd';
  readonly value: string;
  readonly error: string | null;
  readonly onChange: (value: string) => void;
  readonly onSent: () => void;
}

/** SMS code input with a send button that waits 60 s before it can resend. */
export function SmsCodeField({ phone, purpose, value, error, onChange, onSent }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const [sendCode, { isLoading }] = useSendSmsCodeMutation();
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async (): Promise<void> => {
    const result = await sendCode({ phone, purpose });
    if (!('error' in result)) {
      setSecondsLeft(RESEND_SECONDS);
      onSent();
    }
  };

  const sendButton = (
    <Button
      variant="minimal"
      loading={isLoading}
      disabled={secondsLeft > 0 || phoneProblem(phone) !== null}
      onClick={() => void send()}
      text={secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
    />
  );

  return (
    <FormGroup
      label={t('auth.smsCode')}
      labelFor="auth-sms"
      helperText={error ? t(error) : undefined}
      intent={error ? 'danger' : 'none'}
    >
      <InputGroup
        id="auth-sms"
        name="smsCode"
        inputMode="numeric"
        maxLength={6}
        value={value}
        intent={error ? 'danger' : 'none'}
        onValueChange={onChange}
        rightElement={sendButton}
      />
    </FormGroup>
  );
}
