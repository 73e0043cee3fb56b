import { Alert, Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';

interface DeleteRecordsButtonProps {
  readonly screen: string;
  /** "京A12345 PL-001" per selected record. */
  readonly names: readonly string[];
  /** Resolves true when every record was deleted. */
  readonly remove: () => Promise<boolean>;
  readonly onDeleted: () => void;
}

/** Delete behind `<screen>:delete`, after a confirmation that names the records (not just a count). */
export function DeleteRecordsButton({ screen, names, remove, onDeleted }: DeleteRecordsButtonProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(false);
    if (await remove()) {
      notify('success', t('common.deleted'));
      onDeleted();
    }
  };
  return (
    <WithPower code={`${screen}:delete`}>
      <Button icon="trash" intent="danger" text={t('common.delete')} onClick={() => (names.length ? setConfirming(true) : notify('warning', t('common.selectRowFirst')))} />
      <Alert isOpen={confirming} intent="danger" icon="trash" confirmButtonText={t('common.confirm')} cancelButtonText={t('common.cancel')} onCancel={() => setConfirming(false)} onConfirm={() => void confirm()}>
        <p>{t('vehicleService.deleteConfirm', { count: names.length })}</p>
        <ul className="of-vs-delete-names">
          {names.map((name, index) => <li key={`${index}-${name}`}>{name}</li>)}
        </ul>
      </Alert>
    </WithPower>
  );
}
