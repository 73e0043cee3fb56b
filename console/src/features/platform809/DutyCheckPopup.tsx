import { useState } from 'react';
import { Button, Callout, Card, Elevation, FormGroup, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useAppSelector } from '../../app/hooks';
import { useGranted } from '../access/granted';
import { cstTime } from '../instruction/command-form';
import type { ApiError } from '../session/error-mapping';
import { useLookupQuery, useResourceCallMutation } from '../table-screen/resource-api';
import { answerFailure } from './duty-check-answer';
import './duty-check.css';
import type { DutyCheck } from './platform-form';

const POLL_MS = 10_000;

/**
 * The duty check (查岗) panel: a superior platform's check waiting for this user's company shows as a
 * card in the lower left corner, never a modal (the operator keeps working on the screen underneath),
 * with the question, its deadline in China time, and the answer that goes back as 0x1301. A refused
 * answer (link down, already answered, expired) is said on the card. Polled every 10 s; it can be folded.
 */
export function DutyCheckPopup() {
  const { t } = useTranslation();
  const locale = useAppSelector((state) => state.settings.language);
  const platforms = useGranted('superiorPlatformM');
  const links = useGranted('platform');
  const home = useGranted('home');
  const allowed = platforms || links || home;
  const { data } = useLookupQuery({ url: 'platform809/duty-checks?status=0', tag: 'DutyCheck' }, { pollingInterval: POLL_MS, skip: !allowed });
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [folded, setFolded] = useState(false);
  const [answer, setAnswer] = useState('');
  const [responder, setResponder] = useState('');
  const [failure, setFailure] = useState<{ checkId: number; text: string } | null>(null);
  const [call, { isLoading }] = useResourceCallMutation();
  const waiting = ((data as DutyCheck[] | undefined) ?? []).filter((check) => !dismissed.has(check.id) && check.deadlineAt > Date.now());
  const check = waiting[0];
  if (!check) return null;
  const dismiss = () => setDismissed((current) => new Set([...current, check.id]));

  const submit = async () => {
    if (!answer.trim()) return notify('warning', t('platform809.answerRequired'));
    setFailure(null);
    const result = await call({ request: { url: `platform809/duty-checks/${check.id}/answer`, method: 'POST', body: { answer: answer.trim(), responder: responder.trim() || undefined }, silent: true }, invalidates: ['DutyCheck'] });
    if ('error' in result) {
      const reason = answerFailure(result.error as ApiError, locale);
      setFailure({ checkId: check.id, text: t(reason.key, { message: reason.message }) });
      return;
    }
    notify('success', t('platform809.answered'));
    setAnswer('');
    dismiss();
  };

  if (folded)
    return (
      <Card elevation={Elevation.THREE} className="of-duty-check-panel of-duty-check-folded" data-testid="duty-check-panel" data-folded="true">
        <Button variant="minimal" icon="notifications" intent="warning" text={t('platform809.dutyCheckPanel.waiting', { count: waiting.length })} onClick={() => setFolded(false)} data-testid="duty-check-unfold" />
      </Card>
    );
  return (
    <Card elevation={Elevation.THREE} className="of-duty-check-panel" data-testid="duty-check-panel" role="complementary" aria-label={t('platform809.dutyCheck')}>
      <div className="of-duty-check-head">
        <b>{t('platform809.dutyCheck')}</b>
        {waiting.length > 1 && <Tag minimal round>{waiting.length}</Tag>}
        <span className="of-duty-check-tools">
          <Button variant="minimal" size="small" icon="minus" aria-label={t('platform809.dutyCheckPanel.fold')} title={t('platform809.dutyCheckPanel.fold')} onClick={() => setFolded(true)} />
          <Button variant="minimal" size="small" icon="cross" aria-label={t('platform809.dutyCheckPanel.later')} title={t('platform809.dutyCheckPanel.later')} onClick={dismiss} />
        </span>
      </div>
      <Callout intent="warning" data-testid="duty-check-question">{check.question}</Callout>
      <p className="of-duty-check-deadline" data-testid="duty-check-deadline">{t('platform809.deadline', { time: cstTime(check.deadlineAt) })}</p>
      <FormGroup label={t('platform809.responder')}>
        <InputGroup value={responder} maxLength={16} onChange={(event) => setResponder(event.target.value)} />
      </FormGroup>
      <FormGroup label={t('platform809.answer')}>
        <TextArea fill value={answer} maxLength={500} onChange={(event) => setAnswer(event.target.value)} data-testid="duty-check-answer" />
      </FormGroup>
      {failure?.checkId === check.id && (
        <Callout intent="danger" icon="error" data-testid="duty-check-error">
          {failure.text}
        </Callout>
      )}
      {waiting.length > 1 && <p>{t('platform809.moreWaiting', { count: waiting.length - 1 })}</p>}
      <div className="of-duty-check-actions">
        <Button intent="primary" loading={isLoading} text={t('platform809.reply')} onClick={() => void submit()} data-testid="duty-check-reply" />
      </div>
    </Card>
  );
}
