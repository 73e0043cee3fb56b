import { Button, Callout, FormGroup, InputGroup, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockConfirmMutation, useLockStartMutation, useLockVerifyMutation, useVehicleLimitQuery } from './instructionApi';

/**
 * The 3-step vehicle limit (lock) wizard (spec §2): 1 the reason (required), 2 the SMS code sent to
 * the vehicle's authorisation phone, 3 the limit password; the server checks each step again.
 */
export function LockWizard({ vehicleId, onOrder }: { vehicleId: string; onOrder: (orderId: string) => void }) {
  const { t } = useTranslation();
  const { data: limit } = useVehicleLimitQuery(vehicleId);
  const [step, setStep] = useState(1);
  const [action, setAction] = useState<'lock' | 'unlock'>('lock');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [wizard, setWizard] = useState<{ wizardId: string; phone: string } | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [start, starting] = useLockStartMutation();
  const [verify, verifying] = useLockVerifyMutation();
  const [confirm, confirming] = useLockConfirmMutation();

  if (limit && !limit.capable) return <Callout intent="warning">{t('instruction.lock.notCapable')}</Callout>;
  return (
    <div className="of-lock-wizard" data-step={step}>
      <div className="of-lock-steps">
        {[1, 2, 3].map((n) => (
          <Tag key={n} round intent={n === step ? 'primary' : n < step ? 'success' : 'none'} minimal={n > step}>
            {t(`instruction.lock.step${n}`)}
          </Tag>
        ))}
        {limit?.locked && <Tag intent="danger">{t('instruction.lock.locked')}</Tag>}
      </div>
      {step === 1 && (
        <>
          <RadioGroup inline selectedValue={action} onChange={(e) => setAction(e.currentTarget.value as 'lock' | 'unlock')}>
            <Radio value="lock" label={t('instruction.lock.lock')} />
            <Radio value="unlock" label={t('instruction.lock.unlock')} />
          </RadioGroup>
          <FormGroup label={t('instruction.lock.reason')} labelFor="of-lock-reason" intent={reasonMissing ? 'danger' : 'none'} helperText={reasonMissing ? t('instruction.lock.reasonRequired') : undefined}>
            <InputGroup id="of-lock-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} />
          </FormGroup>
          <Button
            intent="primary"
            text={t('instruction.lock.sendCode')}
            loading={starting.isLoading}
            onClick={async () => {
              if (!reason.trim()) return setReasonMissing(true);
              setReasonMissing(false);
              const result = await start({ vehicleId, action, reason: reason.trim() });
              if ('data' in result && result.data) {
                setWizard(result.data);
                setStep(2);
              }
            }}
          />
        </>
      )}
      {step === 2 && wizard && (
        <>
          <p>{t('instruction.lock.codeSent', { phone: wizard.phone })}</p>
          <FormGroup label={t('instruction.lock.code')} labelFor="of-lock-code">
            <InputGroup id="of-lock-code" value={code} maxLength={6} onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))} />
          </FormGroup>
          <Button
            intent="primary"
            text={t('instruction.lock.next')}
            loading={verifying.isLoading}
            onClick={async () => {
              const result = await verify({ wizardId: wizard.wizardId, code });
              if ('data' in result) setStep(3);
            }}
          />
        </>
      )}
      {step === 3 && wizard && (
        <>
          <FormGroup label={t('instruction.lock.password')} labelFor="of-lock-password">
            <InputGroup id="of-lock-password" type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </FormGroup>
          <Button
            intent="danger"
            text={t(action === 'lock' ? 'instruction.lock.confirmLock' : 'instruction.lock.confirmUnlock')}
            loading={confirming.isLoading}
            onClick={async () => {
              const result = await confirm({ wizardId: wizard.wizardId, password });
              const orderId = 'data' in result ? result.data?.orderId : (result.error as { data?: { orderId?: string } } | undefined)?.data?.orderId;
              if (orderId) onOrder(orderId);
              if ('data' in result) setStep(4);
            }}
          />
        </>
      )}
      {step === 4 && <Callout intent="success">{t('instruction.lock.done')}</Callout>}
    </div>
  );
}
