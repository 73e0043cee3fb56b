import { useState } from 'react';
import { Button, HTMLSelect, HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useLookupQuery, useResourceCallMutation } from '../table-screen/resource-api';
import type { DutyCheck } from './platform-form';


interface Supervision {
  readonly id: number;
  readonly platformId: number;
  readonly vehicleNo: string;
  readonly warnType: number;
  readonly warnTime: number;
  readonly deadlineAt: number;
  readonly level: number;
  readonly supervisor: string;
  readonly supervisorTel: string;
  readonly status: number;
  readonly result: number;
}

const STATUS_INTENT: Record<number, Intent> = { 0: 'warning', 1: 'success', 2: 'danger' };
const time = (ms: number) => (ms ? new Date(ms).toLocaleString() : '');

function StatusTag({ status }: { readonly status: number }) {
  const { t } = useTranslation();
  return <Tag minimal intent={STATUS_INTENT[status]}>{t(`platform809.reply.${status}`)}</Tag>;
}

/** Every duty check with its answer, or that it was not answered in time (spec §4 replied / no reply). */
export function DutyCheckLog({ names }: { readonly names: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const { data } = useLookupQuery({ url: 'platform809/duty-checks', tag: 'DutyCheck' }, { pollingInterval: 10_000 });
  const rows = (data as DutyCheck[] | undefined) ?? [];
  return (
    <HTMLTable striped compact style={{ width: '100%' }} data-testid="duty-check-log">
      <thead>
        <tr>{['receivedAt', 'platform', 'question', 'deadlineAt', 'replyStatus', 'answer', 'answeredAt'].map((key) => <th key={key}>{t(`platform809.${key}`)}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{time(row.receivedAt)}</td>
            <td>{names.get(row.platformId) ?? row.platformId}</td>
            <td>{row.question}</td>
            <td>{time(row.deadlineAt)}</td>
            <td><StatusTag status={row.status} /></td>
            <td>{row.answer}</td>
            <td>{time(row.answeredAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Alarm supervision (督办) with its deadline; a waiting one is answered here with 0x1401. */
export function SupervisionLog({ names }: { readonly names: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const { data } = useLookupQuery({ url: 'platform809/supervisions', tag: 'DutyCheck' }, { pollingInterval: 10_000 });
  const rows = (data as Supervision[] | undefined) ?? [];
  const [results, setResults] = useState<Record<number, string>>({});
  const [call] = useResourceCallMutation();
  const answer = async (row: Supervision) => {
    const result = await call({ request: { url: `platform809/supervisions/${row.id}/answer`, method: 'POST', body: { result: Number(results[row.id] ?? 1) } }, invalidates: ['DutyCheck'] });
    if (!('error' in result)) notify('success', t('platform809.supervisionAnswered'));
  };
  return (
    <HTMLTable striped compact style={{ width: '100%' }} data-testid="supervision-log">
      <thead>
        <tr>{['receivedAt', 'platform', 'plate', 'warnType', 'deadlineAt', 'supervisor', 'replyStatus', 'result'].map((key) => <th key={key}>{t(`platform809.${key}`)}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{time(row.warnTime * 1000)}</td>
            <td>{names.get(row.platformId) ?? row.platformId}</td>
            <td>{row.vehicleNo}</td>
            <td>{t(`platform809.warn.${row.warnType}`, { defaultValue: `0x${row.warnType.toString(16)}` })}</td>
            <td>{time(row.deadlineAt)}</td>
            <td>{`${row.supervisor} ${row.supervisorTel}`}</td>
            <td><StatusTag status={row.status} /></td>
            <td>
              {row.status === 0 ? (
                <>
                  <HTMLSelect minimal value={results[row.id] ?? '1'} onChange={(event) => setResults({ ...results, [row.id]: event.target.value })}>
                    {[0, 1, 2, 3].map((code) => <option key={code} value={code}>{t(`platform809.result.${code}`)}</option>)}
                  </HTMLSelect>
                  <Button small intent="primary" text={t('platform809.reply')} onClick={() => void answer(row)} />
                </>
              ) : (
                row.status === 1 && t(`platform809.result.${row.result}`)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
