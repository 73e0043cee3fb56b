import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import { useLookupQuery, useResourceCallMutation } from '../table-screen/resource-api';
import type { DutyCheck } from './platform-form';


const POLL_MS = 10_000;

/**
 * The duty check (查岗) popup: a superior platform's check waiting for this user's company opens a
 * dialog with the question and its deadline; the answer goes back as 0x1301. Polled every 10 s.
 */
export function DutyCheckPopup() {
  const { t } = useTranslation();
  const platforms = useGranted('superiorPlatformM');
  const links = useGranted('platform');
  const home = useGranted('home');
  const allowed = platforms || links || home;
  const { data } = useLookupQuery({ url: 'platform809/duty-checks?status=0', tag: 'DutyCheck' }, { pollingInterval: POLL_MS, skip: !allowed });
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [answer, setAnswer] = useState('');
  const [responder, setResponder] = useState('');
  const [call, { isLoading }] = useResourceCallMutation();
  const waiting = ((data as DutyCheck[] | undefined) ?? []).filter((check) => !dismissed.has(check.id) && check.deadlineAt > Date.now());
  const check = waiting[0];
  if (!check) return null;

  const submit = async () => {
    if (!answer.trim()) return notify('warning', t('platform809.answerRequired'));
    const result = await call({ request: { url: `platform809/duty-checks/${check.id}/answer`, method: 'POST', body: { answer: answer.trim(), responder: responder.trim() || undefined } }, invalidates: ['DutyCheck'] });
    if (!('error' in result)) {
      notify('success', t('platform809.answered'));
      setAnswer('');
      setDismissed((current) => new Set([...current, check.id]));
    }
  };

  return (
    <Dialog isOpen title={t('platform809.dutyCheck')} icon="notifications" onClose={() => setDismissed((current) => new Set([...current, check.id]))} style={{ width: 460 }}>
      <DialogBody>
        <Callout intent="warning" data-testid="duty-check-question">{check.question}</Callout>
        <p style={{ marginTop: 8 }}>{t('platform809.deadline', { time: new Date(check.deadlineAt).toLocaleTimeString() })}</p>
        <FormGroup label={t('platform809.responder')}>
          <InputGroup value={responder} maxLength={16} onChange={(event) => setResponder(event.target.value)} />
        </FormGroup>
        <FormGroup label={t('platform809.answer')}>
          <TextArea fill value={answer} maxLength={500} onChange={(event) => setAnswer(event.target.value)} data-testid="duty-check-answer" />
        </FormGroup>
        {waiting.length > 1 && <p>{t('platform809.moreWaiting', { count: waiting.length - 1 })}</p>}
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" loading={isLoading} text={t('platform809.reply')} onClick={() => void submit()} data-testid="duty-check-reply" />} />
    </Dialog>
  );
}
