import { useState } from 'react';
import { Alert, Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RequestArgs } from '../../app/base-query';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { PickDialog } from '../table-screen/PickDialog';
import { useResourceCallMutation, type ResourceTag } from '../table-screen/resource-api';

interface BindActionsProps<Row> {
  readonly screen: string;
  readonly selected: readonly Row[];
  /** Terminals that may be bound. */
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly bind: (row: Row, terminalId: number) => RequestArgs;
  readonly unbind: (row: Row) => RequestArgs;
  readonly invalidates: readonly ResourceTag[];
}

/** Bind a terminal to the selected row and unbind it, behind `<screen>:bind`. */
export function BindActions<Row>({ screen, selected, options, bind, unbind, invalidates }: BindActionsProps<Row>) {
  const { t } = useTranslation();
  const [call, { isLoading }] = useResourceCallMutation();
  const [mode, setMode] = useState<'bind' | 'unbind' | null>(null);
  const row = selected[0];

  const open = (next: 'bind' | 'unbind'): void => {
    if (selected.length !== 1) notify('warning', t('common.selectOneRow'));
    else setMode(next);
  };

  const run = async (request: RequestArgs, done: string): Promise<void> => {
    const result = await call({ request, invalidates });
    setMode(null);
    if (!('error' in result)) notify('success', t(done));
  };

  return (
    <WithPower code={`${screen}:bind`}>
      <Button icon="link" text={t('bind.bind')} onClick={() => open('bind')} />
      <Button icon="unlink" text={t('bind.unbind')} onClick={() => open('unbind')} />
      <PickDialog
        isOpen={mode === 'bind'}
        title={t('bind.title')}
        labelKey="bind.terminal"
        options={options}
        saving={isLoading}
        onClose={() => setMode(null)}
        onPick={(value) => row !== undefined && void run(bind(row, Number(value)), 'bind.bound')}
      />
      <Alert
        isOpen={mode === 'unbind'}
        intent="warning"
        icon="unlink"
        confirmButtonText={t('common.confirm')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setMode(null)}
        onConfirm={() => row !== undefined && void run(unbind(row), 'bind.unbound')}
      >
        {t('bind.unbindConfirm')}
      </Alert>
    </WithPower>
  );
}
