import { useEffect, useState } from 'react';
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useCompanyOptions } from '../master-data/lookups';
import { useLookup, useResourceCallMutation } from '../table-screen/resource-api';

interface Target {
  readonly kind: 'company' | 'vehicle';
  readonly refId: string;
}

/** The forwarding group of one platform: which companies (with their sub-companies) it receives. */
export function ForwardGroupDialog({ platformId, onClose }: { readonly platformId: number; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const targets = useLookup<Target[]>(`platform809/platforms/${platformId}/targets`, 'UpperPlatform');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [call, { isLoading }] = useResourceCallMutation();
  useEffect(() => {
    if (targets) setChosen(new Set(targets.filter((target) => target.kind === 'company').map((target) => target.refId)));
  }, [targets]);
  const vehicles = (targets ?? []).filter((target) => target.kind === 'vehicle');

  const save = async () => {
    const body = { targets: [...[...chosen].map((refId) => ({ kind: 'company', refId })), ...vehicles] };
    const result = await call({ request: { url: `platform809/platforms/${platformId}/targets`, method: 'PUT', body }, invalidates: ['UpperPlatform'] });
    if (!('error' in result)) {
      notify('success', t('common.saved'));
      onClose();
    }
  };

  return (
    <Dialog isOpen title={t('platform809.group')} onClose={onClose} style={{ width: 480 }}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{t('platform809.groupHint')}</p>
        <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="forward-group">
          {companies.map((company) => (
            <Checkbox
              key={company.value}
              label={company.label}
              checked={chosen.has(company.value)}
              onChange={() => setChosen((current) => {
                const next = new Set(current);
                if (next.has(company.value)) next.delete(company.value);
                else next.add(company.value);
                return next;
              })}
            />
          ))}
        </div>
        {vehicles.length > 0 && <p>{t('platform809.groupVehicles', { count: vehicles.length })}</p>}
      </DialogBody>
      <DialogFooter actions={[<Button key="cancel" text={t('common.cancel')} onClick={onClose} />, <Button key="save" intent="primary" loading={isLoading} text={t('common.save')} onClick={() => void save()} />]} />
    </Dialog>
  );
}
